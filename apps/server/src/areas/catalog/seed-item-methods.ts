import { eq, inArray } from 'drizzle-orm';
import type { InstrumentWords, OptionPhrase } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { serviceItems } from './catalog.tables';
import { itemMethods } from './methods.tables';

type Words = Omit<InstrumentWords, 'model'>;
interface SeedMethods {
  model: string;
  zh: Words;
  en: Words;
  facilityNo?: string;
  /** option name → choice label → [zh, en]; '' says nothing for that value */
  phrases: Record<string, Record<string, [string, string]>>;
}

const center = { zh: '科研检测中心', en: 'Research Testing Center' };

/**
 * The demo's instruments as a methods section names them (decisions/0058): the five tests a
 * materials paper cites most, with the models the demo catalogue lists. Seeded with the catalogue,
 * and once into a catalogue seeded before this table existed.
 */
export const seedItemMethods: Record<string, SeedMethods> = {
  'XRD 粉末衍射（物相分析）': {
    model: 'D8 Advance',
    zh: { test: 'X 射线衍射（XRD）', make: 'Bruker', manufacturer: '布鲁克 AXS 公司', country: '德国', software: 'DIFFRAC.EVA（PDF-2 数据库）', facility: `${center.zh} X 射线衍射平台`, conditions: '采用 Cu Kα 辐射（λ = 1.5406 Å），管压 40 kV，管流 40 mA，LynxEye XE-T 阵列探测器，扫描范围 2θ = 5°–90°' },
    en: { test: 'X-ray diffraction (XRD)', make: 'Bruker', manufacturer: 'Bruker AXS', country: 'Germany', software: 'DIFFRAC.EVA with the PDF-2 database', facility: `the X-ray Diffraction Facility, ${center.en}`, conditions: 'Cu Kα radiation (λ = 1.5406 Å) was used at 40 kV and 40 mA with a LynxEye XE-T detector over 2θ = 5°-90°.' },
    facilityNo: 'SH-XRD-0312',
    phrases: {
      扫描速度: { '常规 10°/min': ['扫描速度 10°/min', 'the scan rate was 10° min⁻¹'], '慢扫 2°/min（精修用）': ['扫描速度 2°/min，步长 0.01°', 'the scan rate was 2° min⁻¹ with a step of 0.01°'] },
      测试温度: { 室温: ['室温下测试', 'patterns were recorded at room temperature'], '变温（≤ 900 ℃，5 个温度点）': ['在 5 个温度点（≤ 900 ℃）下分别采谱', 'patterns were recorded at five temperatures up to 900 °C'] },
    },
  },
  '薄膜掠入射 XRD（GIXRD）': {
    model: 'SmartLab 9 kW',
    zh: { test: '掠入射 X 射线衍射（GIXRD）', make: 'Rigaku', manufacturer: '日本理学株式会社', country: '日本', software: 'SmartLab Studio II', facility: `${center.zh} X 射线衍射平台`, conditions: '采用 Cu Kα 转靶光源（45 kV，200 mA）与平行光路' },
    en: { test: 'Grazing-incidence X-ray diffraction (GIXRD)', make: 'Rigaku', manufacturer: 'Rigaku Corporation', country: 'Japan', software: 'SmartLab Studio II', facility: `the X-ray Diffraction Facility, ${center.en}`, conditions: 'A Cu Kα rotating anode (45 kV, 200 mA) with parallel-beam optics was used.' },
    phrases: { 入射角: { 单一入射角: ['入射角 0.5°', 'the incidence angle was 0.5°'], '3 个入射角': ['入射角分别为 0.3°、0.5° 与 1.0°', 'incidence angles of 0.3°, 0.5° and 1.0° were used'] } },
  },
  '场发射扫描电镜 SEM（形貌）': {
    model: 'SU8010',
    zh: { test: '扫描电子显微镜（SEM）', make: 'Hitachi', manufacturer: '日立高新技术公司', country: '日本', software: 'AZtec（Oxford Instruments）', facility: `${center.zh}电镜中心`, conditions: '冷场发射电子枪，加速电压 5–15 kV，二次电子探头成像' },
    en: { test: 'Scanning electron microscopy (SEM)', make: 'Hitachi', manufacturer: 'Hitachi High-Tech', country: 'Japan', software: 'AZtec (Oxford Instruments)', facility: `the Electron Microscopy Center, ${center.en}`, conditions: 'A cold field-emission gun was operated at 5-15 kV with secondary-electron detection.' },
    phrases: {
      '能谱 EDS': { 不需要: ['', ''], '点扫 3 点': ['采用 Oxford X-Max 80 能谱仪进行 EDS 点分析', 'EDS point analysis was performed with an Oxford X-Max 80 detector'], '面扫 mapping': ['采用 Oxford X-Max 80 能谱仪进行 EDS 元素面分布分析', 'EDS elemental mapping was performed with an Oxford X-Max 80 detector'] },
      制样: { 不喷金: ['样品未喷镀', 'samples were imaged without coating'], 喷金: ['样品表面喷金处理', 'samples were sputter-coated with gold'], '喷碳（做 EDS）': ['样品表面喷碳处理', 'samples were carbon-coated'] },
    },
  },
  'SEM + EDS 面扫（热场）': {
    model: 'Sigma 300',
    zh: { test: '扫描电子显微镜（SEM）与能谱（EDS）', make: 'ZEISS', manufacturer: '卡尔蔡司公司', country: '德国', software: 'AZtec（Oxford Instruments）', facility: `${center.zh}电镜中心`, conditions: '热场发射电子枪，InLens 与 SE2 探头成像，EDS 面扫加速电压 15 kV' },
    en: { test: 'Scanning electron microscopy (SEM) with energy-dispersive X-ray spectroscopy (EDS)', make: 'ZEISS', manufacturer: 'Carl Zeiss', country: 'Germany', software: 'AZtec (Oxford Instruments)', facility: `the Electron Microscopy Center, ${center.en}`, conditions: 'A Schottky field-emission gun with InLens and SE2 detectors was used; EDS maps were acquired at 15 kV.' },
    phrases: { 面扫元素: { '≤ 5 种': ['面扫元素不超过 5 种', 'up to five elements were mapped'], '6–10 种': ['面扫元素 6–10 种', 'six to ten elements were mapped'] } },
  },
  'X 射线光电子能谱 XPS': {
    model: 'ESCALAB 250Xi',
    zh: { test: 'X 射线光电子能谱（XPS）', make: 'Thermo Scientific', manufacturer: '赛默飞世尔科技公司', country: '美国', software: 'Avantage', facility: `${center.zh}表面分析室`, conditions: '采用单色化 Al Kα 射线（hν = 1486.6 eV），束斑 500 μm，全谱通能 100 eV、精细谱通能 30 eV，以污染碳 C 1s（284.8 eV）校正结合能' },
    en: { test: 'X-ray photoelectron spectroscopy (XPS)', make: 'Thermo Scientific', manufacturer: 'Thermo Fisher Scientific', country: 'USA', software: 'Avantage', facility: `the Surface Analysis Laboratory, ${center.en}`, conditions: 'Monochromatic Al Kα radiation (hν = 1486.6 eV) with a 500 μm spot was used; pass energies were 100 eV for surveys and 30 eV for high-resolution spectra, and binding energies were referenced to adventitious C 1s at 284.8 eV.' },
    facilityNo: 'SH-XPS-0107',
    phrases: {
      精细谱元素数: { '3 个以内': ['采集不超过 3 个元素的精细谱', 'high-resolution spectra of up to three elements were acquired'], '4–6 个': ['采集 4–6 个元素的精细谱', 'high-resolution spectra of four to six elements were acquired'], '7–10 个': ['采集 7–10 个元素的精细谱', 'high-resolution spectra of seven to ten elements were acquired'] },
      附加: { 无: ['', ''], 'Ar 离子刻蚀深度剖析': ['采用 Ar⁺ 离子刻蚀进行深度剖析', 'depth profiling was performed by Ar⁺ ion etching'], 价带谱: ['同时采集价带谱', 'valence-band spectra were also recorded'] },
    },
  },
  '液体核磁 1H/13C（400 MHz）': {
    model: 'AVANCE NEO 400',
    zh: { test: '核磁共振（NMR）', make: 'Bruker', manufacturer: '布鲁克公司', country: '瑞士', software: 'TopSpin 4.1', facility: `${center.zh}核磁室`, conditions: '400 MHz，BBO 宽带探头，298 K，化学位移以 TMS 或溶剂残留峰定标' },
    en: { test: 'Nuclear magnetic resonance (NMR) spectroscopy', make: 'Bruker', manufacturer: 'Bruker BioSpin', country: 'Switzerland', software: 'TopSpin 4.1', facility: `the NMR Laboratory, ${center.en}`, conditions: 'Spectra were recorded at 400 MHz and 298 K with a BBO broadband probe; chemical shifts are referenced to TMS or the residual solvent signal.' },
    phrases: {
      核: { '1H': ['测定 ¹H 谱', '¹H spectra were acquired'], '13C': ['测定 ¹³C 谱（100 MHz）', '¹³C spectra were acquired at 100 MHz'], '19F': ['测定 ¹⁹F 谱（376 MHz）', '¹⁹F spectra were acquired at 376 MHz'], '31P': ['测定 ³¹P 谱（162 MHz）', '³¹P spectra were acquired at 162 MHz'] },
      二维: { 不需要: ['', ''], 'HSQC/HMBC（每个）': ['并采集 HSQC/HMBC 二维谱', 'HSQC/HMBC two-dimensional spectra were also acquired'] },
    },
  },
  '比表面积及孔径分布 BET': {
    model: 'ASAP 2460',
    zh: { test: '比表面积及孔径分布（BET）', make: 'Micromeritics', manufacturer: '美国麦克默瑞提克仪器公司', country: '美国', software: 'MicroActive', facility: `${center.zh}物性实验室`, conditions: '测试前样品于 150 ℃ 真空脱气 6 h，比表面积按 BET 法计算' },
    en: { test: 'Specific surface area and pore size analysis (BET)', make: 'Micromeritics', manufacturer: 'Micromeritics Instrument Corporation', country: 'USA', software: 'MicroActive', facility: `the Physical Properties Laboratory, ${center.en}`, conditions: 'Samples were degassed under vacuum at 150 °C for 6 h, and specific surface areas were calculated by the BET method.' },
    facilityNo: 'SZ-BET-0219',
    phrases: {
      孔径: { '介孔（BJH）': ['孔径分布由 BJH 法计算', 'pore size distributions were derived by the BJH method'], '微孔（HK/SF/DFT，低压段）': ['测量低压段吸附并以 HK/SF 与 DFT 方法计算微孔分布', 'low-pressure isotherms were measured and micropore distributions were derived by the HK/SF and DFT methods'] },
      吸附质: { N2: ['以 N₂ 为吸附质于 77 K 测定吸脱附等温线', 'N₂ adsorption-desorption isotherms were measured at 77 K'], 'CO2（273 K）': ['以 CO₂ 为吸附质于 273 K 测定吸附等温线', 'CO₂ adsorption isotherms were measured at 273 K'], 'Ar（87 K）': ['以 Ar 为吸附质于 87 K 测定吸脱附等温线', 'Ar adsorption-desorption isotherms were measured at 87 K'] },
    },
  },
};

/** Writes the demo's methods metadata for the items that have none (by item name); returns how many. */
export async function seedMethodsOfItems(db: DbOrTx): Promise<number> {
  const names = Object.keys(seedItemMethods);
  const items = await db.select({ id: serviceItems.id, name: serviceItems.name, options: serviceItems.options }).from(serviceItems).where(inArray(serviceItems.name, names));
  let written = 0;
  for (const item of items) {
    const seed = seedItemMethods[item.name]!;
    const phrases: OptionPhrase[] = [];
    for (const option of item.options) {
      for (const choice of option.choices) {
        const pair = seed.phrases[option.name]?.[choice.label];
        if (pair) phrases.push({ optionId: option.id, choiceId: choice.id, zh: pair[0], en: pair[1] });
      }
    }
    const [had] = await db.select({ id: itemMethods.itemId }).from(itemMethods).where(eq(itemMethods.itemId, item.id)).limit(1);
    if (had) continue;
    await db.insert(itemMethods).values({ itemId: item.id, zh: { ...seed.zh, model: seed.model }, en: { ...seed.en, model: seed.model }, facilityNo: seed.facilityNo ?? '', phrases }).onConflictDoNothing();
    written++;
  }
  return written;
}
