import type { FaqEntry } from './catalog.tables';

/**
 * Demo catalogue a lab would recognise: real instruments, real sample requirements,
 * plausible prices (fen). Group and sub-type ids are stable (the plan puts group 31 first).
 */

export interface SeedGroup {
  id: number;
  typeId: 1 | 2 | 3;
  name: string;
  img: string;
  description: string;
  children: [number, string][];
}

export const seedGroups: SeedGroup[] = [
  { id: 31, typeId: 1, name: '结构表征', img: 'groups/structure', description: 'XRD|单晶衍射|小角散射|织构', children: [[3101, 'X射线衍射 XRD'], [3102, '单晶衍射'], [3103, '小角X射线散射']] },
  { id: 32, typeId: 1, name: '显微形貌', img: 'groups/microscopy', description: 'SEM|TEM|AFM|共聚焦', children: [[3201, '扫描电镜 SEM'], [3202, '透射电镜 TEM'], [3203, '原子力显微镜 AFM'], [3204, '光学与共聚焦']] },
  { id: 33, typeId: 1, name: '成分与价态', img: 'groups/composition', description: 'XPS|ICP|XRF|元素分析', children: [[3301, '光电子能谱 XPS'], [3302, '电感耦合等离子体 ICP'], [3303, 'X射线荧光 XRF'], [3304, '元素分析']] },
  { id: 34, typeId: 1, name: '光谱分析', img: 'groups/spectroscopy', description: '红外|拉曼|紫外可见|荧光', children: [[3401, '红外光谱 FTIR'], [3402, '拉曼光谱 Raman'], [3403, '紫外可见 UV-Vis'], [3404, '荧光与圆二色']] },
  { id: 35, typeId: 1, name: '热分析', img: 'groups/thermal', description: 'TGA|DSC|DMA|导热', children: [[3501, '热重 TGA'], [3502, '差示扫描量热 DSC'], [3503, '热机械与导热']] },
  { id: 36, typeId: 1, name: '物性与孔结构', img: 'groups/physical', description: 'BET|粒度|Zeta|力学|流变', children: [[3601, '比表面积与孔径'], [3602, '粒度与Zeta电位'], [3603, '力学与流变']] },
  { id: 37, typeId: 1, name: '波谱与质谱', img: 'groups/nmr', description: 'NMR|EPR|GC-MS|LC-MS|GPC', children: [[3701, '核磁共振 NMR'], [3702, '电子顺磁 EPR'], [3703, '质谱与色谱']] },
  { id: 38, typeId: 1, name: '生物医学', img: 'groups/biology', description: '流式|蛋白质组学|病理|分子生物学', children: [[3801, '流式细胞'], [3802, '蛋白质组学'], [3803, '病理与组织学'], [3804, '分子生物学']] },
  { id: 39, typeId: 1, name: '环境检测', img: 'groups/environment', description: '水质|VOCs|土壤|重金属', children: [[3901, '水质检测'], [3902, '大气与VOCs'], [3903, '土壤与固废']] },
  { id: 41, typeId: 2, name: '电镜机时', img: 'groups/microscopy', description: 'SEM机时|TEM机时|自主上机', children: [[4101, 'SEM 机时'], [4102, 'TEM 机时']] },
  { id: 42, typeId: 2, name: '谱学与物性机时', img: 'groups/spectroscopy', description: '拉曼|AFM|电化学', children: [[4201, '谱学机时'], [4202, '物性与电化学机时']] },
  { id: 43, typeId: 2, name: '生物平台预约', img: 'groups/biology', description: '共聚焦|流式|细胞房', children: [[4301, '细胞与成像平台']] },
  { id: 51, typeId: 3, name: '数据处理', img: 'groups/data', description: 'XRD精修|XPS分峰|谱图解析|科研绘图', children: [[5101, '衍射数据分析'], [5102, '能谱与光谱解析'], [5103, '科研绘图']] },
  { id: 52, typeId: 3, name: '模拟计算', img: 'groups/simulation', description: 'DFT|分子动力学|有限元', children: [[5201, '第一性原理 DFT'], [5202, '分子动力学 MD'], [5203, '有限元仿真']] },
];

/** image keys: devices/{key}.svg (the instrument) and results/{key}.svg (an example result) */
export const imageKeys = [
  'xrd', 'scxrd', 'saxs', 'sem', 'tem', 'afm', 'confocal', 'xps', 'icp', 'xrf', 'ea', 'ftir', 'raman', 'uvvis', 'pl', 'tga', 'dsc', 'dma',
  'bet', 'dls', 'mech', 'nmr', 'epr', 'ms', 'gpc', 'flow', 'proteomics', 'patho', 'pcr', 'water', 'vocs', 'soil', 'echem', 'refine', 'fit', 'drawing', 'dft', 'md', 'fem',
] as const;
export type ImageKey = (typeof imageKeys)[number];

const labs = {
  xray: '上海·徐汇 科研检测中心 3 号楼 2 层 X 射线室',
  em: '上海·徐汇 科研检测中心 3 号楼 1 层 电镜中心',
  surface: '上海·徐汇 科研检测中心 3 号楼 3 层 表面分析室',
  spec: '上海·徐汇 科研检测中心 4 号楼 2 层 光谱室',
  thermal: '苏州·工业园区 分析测试平台 B 栋 热分析室',
  physical: '苏州·工业园区 分析测试平台 B 栋 物性实验室',
  nmr: '上海·徐汇 科研检测中心 5 号楼 1 层 核磁室',
  ms: '上海·徐汇 科研检测中心 5 号楼 2 层 质谱室',
  bio: '苏州·工业园区 生物医药平台 C 栋 3 层',
  env: '苏州·工业园区 环境检测实验室 D 栋',
  data: '线上交付 · 数据分析组',
  sim: '线上交付 · 计算模拟组（自有 CPU/GPU 集群）',
} as const;

type OptionSpec = [name: string, choices: [label: string, yuan: number, slot?: 'weekday' | 'weekend'][]];

export interface SeedItem {
  groupId: number;
  childId: number;
  key: ImageKey;
  name: string;
  model: string;
  sketch: string;
  intro: string;
  scope: string[];
  yuan: number;
  unit: string;
  turnaround: string;
  requirements: string;
  options: OptionSpec[];
  keywords: string[];
  orders: number;
  lab: string;
  hot?: boolean;
}

const powder = '粉末样品不少于 0.2 g，粒度过 300 目（约 48 μm），干燥无结块；块体或薄膜样品尺寸 1×1 cm 至 2×2 cm，厚度小于 5 mm，测试面平整；含毒性、放射性或易燃易爆样品请提前说明。';
const semReq = '粉末不少于 10 mg；块体长宽不超过 2 cm、高度不超过 1 cm，需标明测试面；样品须干燥、无挥发、无磁性（磁性样品请备注）；不导电样品须喷金：请在「制样」中选择喷金（导电样品选不喷金）；若需做 EDS 请选择喷碳或备注。';
const temReq = '粉末不少于 5 mg，可在乙醇中超声分散（请注明可用分散剂）；颗粒或片层尺寸小于 500 nm 方可直接观察；块体需 FIB 或离子减薄制样；样品须无磁性（弱磁请备注）。';
const xpsReq = '粉末不少于 20 mg；薄膜或块体不超过 5×5 mm、厚度小于 3 mm；样品须真空稳定、不放气，表面不要用手触碰，请用锡箔纸或离心管密封寄送；对空气敏感样品请选择惰性转移。';
const liquidNmr = '样品不少于 10 mg（13C 不少于 20 mg），注明溶剂（CDCl3、DMSO-d6、D2O 等，可代购）与结构式；高分子样品请注明是否完全溶解；不接受含顺磁性金属的样品。';
const icpReq = '固体不少于 0.2 g，液体不少于 10 mL；请注明待测元素与大致含量范围；含 Si、Ti、Zr 等难溶基体请说明，需氢氟酸消解；有机溶剂样品请提前联系。';
const thermalReq = '固体或粉末 5–20 mg，块体需切成小于 3×3 mm 的小块；请注明测试温度范围、升温速率（默认 10 ℃/min）与气氛；含卤素、强腐蚀或可能爆炸分解的样品不予测试。';
const bioReq = '细胞或组织样品请按附件预处理并冷链（干冰/冰袋）寄送，注明物种、处理分组与重复数；寄样前请与客户经理确认到样时间，周五与节假日前不接收活细胞样品。';
const envReq = '按 HJ/T 91、HJ 493 等国家标准采样与保存，使用实验室提供的专用采样瓶；样品 4 ℃ 冷藏，采样后 48 小时内送达；请附采样记录（地点、时间、编号）。';
const hourReq = '按预约时段到场，由平台工程师带教或陪同上机；首次使用须完成 30 分钟安全与操作培训；请提前准备样品并在预约备注中说明测试目的与样品数量；迟到超过 30 分钟视为自动取消。';
const dataReq = '请上传原始数据文件（.raw、.xy、.vms、.spe、.txt 等仪器导出格式），并说明样品信息、测试条件与分析目的；如需文献对标请附参考文献。';
const simReq = '请提供研究体系的结构文件（CIF、POSCAR、PDB 等）或文献中的结构信息，说明计算目标（吸附能、能带、反应路径等）与期望精度；复杂体系先由计算工程师免费评估工时。';

export const seedItems: SeedItem[] = [
  // ---- 31 结构表征 ----
  { groupId: 31, childId: 3101, key: 'xrd', name: 'XRD 粉末衍射（物相分析）', model: 'Bruker D8 Advance', sketch: 'Cu Kα 辐射，扫描范围 5–90°，物相定性、结晶度与晶粒尺寸分析', intro: '采用 Bruker D8 Advance 粉末衍射仪，配 LynxEye XE-T 阵列探测器，Cu 靶 40 kV / 40 mA，适用于无机、金属、催化剂、电池材料及高分子结晶的物相鉴定。', scope: ['物相定性与半定量', '结晶度计算', 'Scherrer 公式估算晶粒尺寸', '晶胞参数'], yuan: 60, unit: '样品', turnaround: '3–5 个工作日', requirements: powder, options: [['扫描速度', [['常规 10°/min', 0], ['慢扫 2°/min（精修用）', 40]]], ['测试温度', [['室温', 0], ['变温（≤ 900 ℃，5 个温度点）', 300]]]], keywords: ['xrd', 'x射线衍射', '粉末衍射', '物相', '晶体结构', '衍射'], orders: 12856, lab: labs.xray, hot: true },
  { groupId: 31, childId: 3101, key: 'xrd', name: '薄膜掠入射 XRD（GIXRD）', model: 'Rigaku SmartLab 9 kW', sketch: '掠入射角 0.3–2°，适合纳米薄膜、涂层的物相与择优取向', intro: 'Rigaku SmartLab 9 kW 转靶衍射仪，平行光路，适合厚度 10 nm–数 μm 的薄膜与涂层。', scope: ['薄膜物相', '掠入射深度分析', '择优取向'], yuan: 180, unit: '样品', turnaround: '5–7 个工作日', requirements: '薄膜样品面积不小于 1×1 cm，基底平整（硅片、玻璃、金属箔均可），请注明膜厚与基底材料。', options: [['入射角', [['单一入射角', 0], ['3 个入射角', 120]]]], keywords: ['gixrd', '掠入射', '薄膜', 'xrd'], orders: 2104, lab: labs.xray },
  { groupId: 31, childId: 3101, key: 'xrd', name: '原位变温 XRD', model: 'Bruker D8 Advance + Anton Paar HTK 1200N', sketch: '室温至 1200 ℃，空气、N2 或真空气氛下跟踪相变', intro: '配备 Anton Paar HTK 1200N 高温附件，可在指定温度点恒温采谱，研究相变、热膨胀与分解过程。', scope: ['相变温度', '热膨胀系数', '高温物相'], yuan: 450, unit: '样品', turnaround: '7–10 个工作日', requirements: powder + '请注明温度点、升温速率与气氛。', options: [['温度点', [['5 个温度点', 0], ['10 个温度点', 400]]], ['气氛', [['空气', 0], ['N2', 50], ['真空', 100]]]], keywords: ['原位xrd', '变温', '高温xrd', '相变'], orders: 864, lab: labs.xray },
  { groupId: 31, childId: 3101, key: 'xrd', name: 'XRD 织构与极图', model: 'Rigaku SmartLab 9 kW', sketch: '金属板材、薄膜的极图与 ODF 分析', intro: '采用 χ 圆与 φ 旋转测量不完整极图，配合 ODF 计算取向分布函数。', scope: ['极图 (111)(200)(220)', 'ODF 取向分布', '残余应力（sin²ψ 法）'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '块体样品 10×10 mm 至 20×20 mm，厚度小于 5 mm，测试面抛光，请标明轧向。', options: [['测试内容', [['3 个极图', 0], ['极图 + ODF', 200], ['残余应力', 150]]]], keywords: ['织构', '极图', 'odf', '残余应力'], orders: 516, lab: labs.xray },
  { groupId: 31, childId: 3102, key: 'scxrd', name: '单晶 X 射线衍射（结构解析）', model: 'Bruker D8 Venture', sketch: 'Mo/Cu 双光源，100 K 低温收集，交付 CIF 与 checkCIF 报告', intro: 'Bruker D8 Venture 单晶衍射仪，PHOTON III 探测器，Oxford Cryostream 低温系统，适合配合物、有机小分子、MOF 的结构测定。', scope: ['晶胞与空间群', '完整结构解析与精修', '绝对构型（Cu 靶）'], yuan: 500, unit: '样品', turnaround: '5–7 个工作日', requirements: '单晶尺寸 0.1–0.5 mm，外形规则、无裂纹；请连同母液寄送或注明晶体对空气、溶剂是否敏感。', options: [['光源', [['Mo Kα', 0], ['Cu Kα（绝对构型）', 100]]], ['结构解析', [['仅收集数据', 0], ['解析 + 精修 + CIF', 300]]]], keywords: ['单晶', 'scxrd', '晶体结构', 'cif', 'mof'], orders: 3421, lab: labs.xray },
  { groupId: 31, childId: 3103, key: 'saxs', name: '小角 X 射线散射 SAXS/WAXS', model: 'Xenocs Xeuss 3.0', sketch: 'q 范围 0.003–3 Å⁻¹，纳米结构、孔结构与取向', intro: 'Xenocs Xeuss 3.0 实验室 SAXS/WAXS 系统，Cu 微焦斑光源，Eiger2 R 1M 探测器，可做 2D 散射与掠入射 GISAXS。', scope: ['纳米颗粒尺寸分布', '长周期与片晶厚度', '2D 取向', 'GISAXS'], yuan: 400, unit: '样品', turnaround: '7–10 个工作日', requirements: '固体薄片厚度 0.5–2 mm；粉末不少于 50 mg；液体不少于 200 μL（胶体、胶束、蛋白溶液，请提供溶剂作本底）。', options: [['模式', [['SAXS', 0], ['SAXS + WAXS', 150], ['GISAXS', 300]]]], keywords: ['saxs', 'waxs', '小角散射', 'gisaxs', '纳米结构'], orders: 1275, lab: labs.xray },
  // ---- 32 显微形貌 ----
  { groupId: 32, childId: 3201, key: 'sem', name: '场发射扫描电镜 SEM（形貌）', model: 'Hitachi SU8010', sketch: '分辨率 1.0 nm @15 kV，形貌观察，可加 EDS 能谱', intro: 'Hitachi SU8010 冷场发射扫描电镜，配 Oxford X-Max 80 能谱，适合纳米材料、断口、涂层的形貌与成分分析。', scope: ['二次电子形貌', '背散射成分衬度', 'EDS 点、线、面分析'], yuan: 120, unit: '样品', turnaround: '3–5 个工作日', requirements: semReq, options: [['能谱 EDS', [['不需要', 0], ['点扫 3 点', 50], ['面扫 mapping', 100]]], ['制样', [['不喷金', 0], ['喷金', 20], ['喷碳（做 EDS）', 40]]]], keywords: ['sem', '扫描电镜', '电镜', '形貌', 'eds', '能谱'], orders: 15230, lab: labs.em, hot: true },
  { groupId: 32, childId: 3201, key: 'sem', name: 'SEM + EDS 面扫（热场）', model: 'ZEISS Sigma 300', sketch: '热场发射，InLens 探头，大束流 EDS mapping 更快更准', intro: 'ZEISS Sigma 300 热场发射扫描电镜，束流稳定，适合长时间 EDS 面扫与大尺寸样品。', scope: ['高分辨形貌', '元素面分布', '大视野拼图'], yuan: 180, unit: '样品', turnaround: '3–5 个工作日', requirements: semReq, options: [['面扫元素', [['≤ 5 种', 0], ['6–10 种', 60]]]], keywords: ['sem', 'eds', 'mapping', '面扫', '蔡司'], orders: 6842, lab: labs.em },
  { groupId: 32, childId: 3201, key: 'sem', name: '截面 SEM（离子束抛光）', model: 'Hitachi IM4000Plus + SU8010', sketch: '氩离子截面抛光，电池极片、涂层界面无损截面', intro: '采用 Hitachi IM4000Plus 离子研磨仪制备无应力截面，适合锂电极片、多层膜与焊点界面。', scope: ['截面制样', '界面形貌', '膜厚测量'], yuan: 450, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品尺寸不超过 10×10×3 mm，请标明截面位置；电池极片请放电后拆解并真空封装。', options: [['冷冻抛光', [['常温', 0], ['冷冻（-100 ℃）', 200]]]], keywords: ['截面', '离子抛光', '极片', '界面', 'sem'], orders: 1530, lab: labs.em },
  { groupId: 32, childId: 3201, key: 'sem', name: 'EBSD 电子背散射衍射', model: 'Oxford Symmetry S2 / ZEISS Sigma 300', sketch: '晶粒取向、晶界类型与织构统计', intro: 'Oxford Symmetry S2 EBSD 探测器，采集速度 4500 点/秒，AZtecCrystal 后处理。', scope: ['IPF 取向图', '晶粒尺寸统计', '晶界与 KAM'], yuan: 600, unit: '样品', turnaround: '7–10 个工作日', requirements: '块体金属或陶瓷，尺寸不超过 15×15×5 mm，测试面需电解抛光或振动抛光（可代制样，另计费）。', options: [['制样', [['客户自制', 0], ['代制样（振动抛光）', 300]]]], keywords: ['ebsd', '取向', '晶粒', '晶界', '织构'], orders: 978, lab: labs.em },
  { groupId: 32, childId: 3202, key: 'tem', name: '透射电镜 TEM（形貌 + 高分辨）', model: 'JEOL JEM-2100F', sketch: '200 kV 场发射，点分辨率 0.23 nm，HRTEM、SAED 与 EDS mapping', intro: 'JEOL JEM-2100F 场发射透射电镜，配 Gatan OneView 相机与 Oxford EDS，适合纳米颗粒、二维材料、催化剂的形貌与晶格观察。', scope: ['明场形貌', '高分辨晶格像 HRTEM', '选区电子衍射 SAED', 'STEM-EDS mapping'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: temReq, options: [['拍摄内容', [['形貌 + 高分辨', 0], ['加选区衍射 SAED', 80], ['加 EDS mapping', 200]]]], keywords: ['tem', '透射电镜', '高分辨', 'hrtem', 'saed', '晶格'], orders: 11420, lab: labs.em, hot: true },
  { groupId: 32, childId: 3202, key: 'tem', name: '球差校正 STEM（HAADF 原子像）', model: 'Thermo Fisher Themis Z', sketch: '亚埃分辨，单原子催化剂与界面原子结构', intro: 'Thermo Fisher Themis Z 双球差校正电镜，HAADF 分辨率 60 pm，配 Super-X 能谱与 EELS。', scope: ['HAADF-STEM 原子像', '单原子识别', 'EELS 价态', '原子级 EDS'], yuan: 2800, unit: '样品', turnaround: '10–15 个工作日', requirements: temReq + '单原子样品负载量请注明。', options: [['附加', [['HAADF 成像', 0], ['加 EDS mapping', 600], ['加 EELS', 1000]]]], keywords: ['球差', 'stem', 'haadf', '单原子', 'eels'], orders: 2316, lab: labs.em },
  { groupId: 32, childId: 3202, key: 'tem', name: '生物透射电镜（负染/超薄切片）', model: 'Thermo Fisher Talos L120C', sketch: '120 kV，病毒、外泌体负染与细胞超微结构', intro: 'Talos L120C 生物电镜，配 Ceta 16M 相机，提供负染与树脂包埋超薄切片制样。', scope: ['外泌体与病毒负染', '细胞超微结构', '纳米药物形貌'], yuan: 900, unit: '样品', turnaround: '10–15 个工作日', requirements: '负染：液体样品不少于 20 μL，浓度 0.1–1 mg/mL；超薄切片：组织块 1 mm³，2.5% 戊二醛 4 ℃ 固定后寄送。', options: [['制样', [['负染', 0], ['超薄切片', 600]]]], keywords: ['生物电镜', '负染', '外泌体', '超薄切片'], orders: 1742, lab: labs.em },
  { groupId: 32, childId: 3202, key: 'tem', name: 'FIB 制备 TEM 薄片', model: 'Thermo Fisher Helios 5 UX', sketch: '定点截取，薄片厚度 < 80 nm，适合器件与界面', intro: 'Helios 5 UX 双束电镜定点提取，Ga 离子减薄并低电压清洗，减少非晶损伤层。', scope: ['定点 TEM 薄片', '截面观察', '三维重构（另询）'], yuan: 2500, unit: '样品', turnaround: '7–10 个工作日', requirements: '块体尺寸不超过 10×10×3 mm，请在照片上标出目标位置；导电性差的样品需镀保护层。', options: [], keywords: ['fib', '双束', '薄片', '制样', '截面'], orders: 1108, lab: labs.em },
  { groupId: 32, childId: 3203, key: 'afm', name: '原子力显微镜 AFM', model: 'Bruker Dimension Icon', sketch: '表面形貌与粗糙度，可选 PeakForce 力学、KPFM、PFM', intro: 'Bruker Dimension Icon 原子力显微镜，ScanAsyst 自动成像，最大扫描范围 90 μm。', scope: ['3D 形貌与粗糙度 Ra/Rq', '二维材料厚度', 'PeakForce QNM 模量', 'KPFM 表面电势', 'PFM 压电响应'], yuan: 260, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品表面起伏小于 5 μm，尺寸不超过 15×15 mm；粉末需分散在云母或硅片上（可代制样）；二维材料请注明位置。', options: [['模式', [['轻敲形貌', 0], ['PeakForce QNM 力学', 200], ['KPFM 表面电势', 300], ['PFM 压电', 300]]]], keywords: ['afm', '原子力', '粗糙度', 'kpfm', 'pfm', '形貌'], orders: 4876, lab: labs.surface },
  { groupId: 32, childId: 3203, key: 'afm', name: 'AFM 液相与生物样品成像', model: 'Bruker Dimension FastScan Bio', sketch: '液下成像，DNA、蛋白、细胞膜的高速 AFM', intro: 'FastScan Bio 高速 AFM，液相环境下每秒一帧，适合生物大分子与活细胞。', scope: ['液相形貌', 'DNA/蛋白单分子', '细胞力学'], yuan: 450, unit: '样品', turnaround: '7–10 个工作日', requirements: '溶液样品不少于 50 μL，注明缓冲液成分；细胞请预先贴壁在 35 mm 培养皿中。', options: [], keywords: ['afm', '液相', '生物', 'dna', '单分子'], orders: 612, lab: labs.surface },
  { groupId: 32, childId: 3204, key: 'confocal', name: '激光共聚焦显微成像', model: 'ZEISS LSM 980 Airyscan 2', sketch: '405/488/561/639 nm 四激光，超分辨 Airyscan 与 Z-stack', intro: 'ZEISS LSM 980 共聚焦显微镜，Airyscan 2 超分辨模块，适合荧光标记细胞、组织切片与材料荧光分布。', scope: ['多色荧光成像', 'Z-stack 三维', 'Airyscan 超分辨'], yuan: 300, unit: '样品', turnaround: '3–5 个工作日', requirements: '已染色玻片或共聚焦专用皿，注明荧光染料及激发/发射波长；避光、4 ℃ 寄送。', options: [['成像', [['常规 2D', 0], ['Z-stack 三维', 150], ['Airyscan 超分辨', 300]]]], keywords: ['共聚焦', 'confocal', '荧光成像', '超分辨'], orders: 2280, lab: labs.bio },
  { groupId: 32, childId: 3204, key: 'confocal', name: '3D 光学轮廓与粗糙度', model: 'Bruker ContourGT-K', sketch: '白光干涉，纵向分辨 0.1 nm，台阶高度与磨痕体积', intro: '白光干涉三维轮廓仪，适合微结构、台阶高度、磨痕与粗糙度测量。', scope: ['三维形貌', '台阶高度', '磨痕体积'], yuan: 150, unit: '样品', turnaround: '3–5 个工作日', requirements: '样品尺寸不超过 100×100 mm、高度小于 50 mm，测试面反光或有一定反射率。', options: [], keywords: ['白光干涉', '轮廓仪', '粗糙度', '台阶'], orders: 846, lab: labs.surface },
  // ---- 33 成分与价态 ----
  { groupId: 33, childId: 3301, key: 'xps', name: 'X 射线光电子能谱 XPS', model: 'Thermo ESCALAB 250Xi', sketch: 'Al Kα 单色光源，全谱 + 精细谱，元素价态与含量', intro: 'Thermo ESCALAB 250Xi，单色化 Al Kα（1486.6 eV），束斑 500 μm，配离子枪与 UPS，用于表面 10 nm 内的元素组成与化学态分析。', scope: ['全谱定性', '精细谱价态', '半定量原子比', '价带谱'], yuan: 350, unit: '样品', turnaround: '5–7 个工作日', requirements: xpsReq, options: [['精细谱元素数', [['3 个以内', 0], ['4–6 个', 150], ['7–10 个', 300]]], ['附加', [['无', 0], ['Ar 离子刻蚀深度剖析', 400], ['价带谱', 100]]]], keywords: ['xps', '光电子能谱', '价态', '表面成分', '化学态'], orders: 9823, lab: labs.surface, hot: true },
  { groupId: 33, childId: 3301, key: 'xps', name: 'XPS 深度剖析（Ar 团簇离子）', model: 'Thermo Nexsa G2', sketch: 'MAGCIS 团簇离子源，有机与无机多层膜无损剖析', intro: 'Thermo Nexsa G2 配 MAGCIS 单原子/团簇双模式离子源，适合 OLED、钙钛矿、SEI 膜等的深度分布。', scope: ['深度分布曲线', 'SEI 组成', '界面扩散'], yuan: 900, unit: '样品', turnaround: '7–10 个工作日', requirements: xpsReq + '请注明预估膜厚与所需刻蚀深度。', options: [['惰性转移', [['不需要', 0], ['手套箱惰性转移', 200]]]], keywords: ['xps', '深度剖析', '刻蚀', 'sei', '团簇'], orders: 1365, lab: labs.surface },
  { groupId: 33, childId: 3301, key: 'xps', name: '紫外光电子能谱 UPS（功函数）', model: 'Thermo ESCALAB 250Xi', sketch: 'He I 21.22 eV，功函数、价带顶与能级排列', intro: '与 XPS 同腔测量，He I 光源，计算功函数、HOMO/价带顶，辅助能带结构示意图。', scope: ['功函数', '价带顶 / HOMO', '能级排列'], yuan: 400, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品需导电或沉积在导电基底（ITO、FTO、金属）上，面积不小于 5×5 mm。', options: [], keywords: ['ups', '功函数', '能级', '价带'], orders: 1498, lab: labs.surface },
  { groupId: 33, childId: 3302, key: 'icp', name: 'ICP-OES 金属元素含量', model: 'Agilent 5110', sketch: '70 余种元素，ppm 级定量，含微波消解', intro: 'Agilent 5110 同步垂直双向观测 ICP-OES，适合催化剂负载量、合金成分、电池正极材料元素比例。', scope: ['主量与微量元素定量', '负载量测定', '元素比例'], yuan: 80, unit: '元素', turnaround: '5–7 个工作日', requirements: icpReq, options: [['消解', [['常规酸溶', 0], ['微波消解', 60], ['含氢氟酸体系', 100]]]], keywords: ['icp', 'icp-oes', '元素含量', '负载量', '金属'], orders: 8715, lab: labs.ms },
  { groupId: 33, childId: 3302, key: 'icp', name: 'ICP-MS 痕量元素', model: 'Agilent 7900', sketch: 'ppb–ppt 级痕量元素，He 碰撞模式去干扰', intro: 'Agilent 7900 ICP-MS，第四代碰撞反应池，适合高纯材料杂质、生物样品与水样中的痕量元素。', scope: ['痕量杂质', '重金属', '生物样品元素'], yuan: 150, unit: '元素', turnaround: '5–7 个工作日', requirements: icpReq, options: [['消解', [['常规酸溶', 0], ['微波消解', 60]]]], keywords: ['icp-ms', '痕量', '杂质', 'ppb', '重金属'], orders: 3627, lab: labs.ms },
  { groupId: 33, childId: 3302, key: 'icp', name: '激光剥蚀 LA-ICP-MS 微区成分', model: 'Agilent 8900 + ESI NWR213', sketch: '微区原位元素与同位素，束斑 5–100 μm', intro: '213 nm 激光剥蚀联用三重四极杆 ICP-MS，适合矿物、合金夹杂与生物组织元素成像。', scope: ['微区定量', '元素成像', '同位素比值'], yuan: 1200, unit: '样品', turnaround: '10–15 个工作日', requirements: '样品需制成环氧树脂靶或薄片，表面抛光，尺寸不超过 25 mm 直径。', options: [], keywords: ['la-icp-ms', '激光剥蚀', '微区', '同位素'], orders: 402, lab: labs.ms },
  { groupId: 33, childId: 3303, key: 'xrf', name: 'X 射线荧光 XRF（元素半定量）', model: 'Rigaku ZSX Primus IV', sketch: 'B–U 元素无标样半定量，压片或熔片', intro: 'Rigaku ZSX Primus IV 波长色散 XRF，适合矿物、陶瓷、水泥、催化剂的主量元素分析。', scope: ['无标半定量', '氧化物含量', '主次量元素'], yuan: 120, unit: '样品', turnaround: '3–5 个工作日', requirements: '粉末不少于 5 g（熔片不少于 1 g），粒度过 200 目；块体需平整，直径 30–40 mm。', options: [['制样', [['压片', 0], ['熔片', 80]]]], keywords: ['xrf', 'x射线荧光', '元素', '氧化物'], orders: 2560, lab: labs.xray },
  { groupId: 33, childId: 3303, key: 'xrf', name: '微区 XRF 元素分布', model: 'Bruker M4 Tornado', sketch: '20 μm 束斑，大面积元素 mapping', intro: '多导毛细管聚焦微区 XRF，无需真空制样，适合文物、PCB、矿石切片的元素分布。', scope: ['元素面分布', '点分析', '镀层厚度'], yuan: 400, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品尺寸不超过 190×160 mm，高度小于 12 cm。', options: [], keywords: ['微区xrf', 'mapping', '元素分布'], orders: 388, lab: labs.xray },
  { groupId: 33, childId: 3304, key: 'ea', name: 'CHNS 有机元素分析', model: 'Elementar UNICUBE', sketch: 'C、H、N、S 含量，可加测 O', intro: 'Elementar UNICUBE 元素分析仪，燃烧法测定有机物与材料中 C、H、N、S，适合新化合物表征与碳材料氮掺杂量。', scope: ['CHNS 含量', 'O 含量（裂解法）'], yuan: 150, unit: '样品', turnaround: '3–5 个工作日', requirements: '干燥固体不少于 10 mg，均匀；易吸湿样品请真空封装；含 F、金属含量高的样品请注明。', options: [['测氧', [['不测', 0], ['加测 O', 100]]]], keywords: ['元素分析', 'chns', '有机元素', '氮含量'], orders: 2943, lab: labs.ms },
  { groupId: 33, childId: 3304, key: 'ea', name: '氧氮氢分析', model: 'LECO ONH836', sketch: '金属与陶瓷中 O、N、H，ppm 级', intro: '惰气熔融-红外/热导法，适合钛合金、钢铁、粉末冶金材料。', scope: ['O/N/H 含量'], yuan: 200, unit: '样品', turnaround: '5–7 个工作日', requirements: '块体切成 0.1–0.5 g 小块或屑样，表面去氧化层。', options: [], keywords: ['氧氮氢', 'onh', '金属', '气体元素'], orders: 531, lab: labs.ms },
  // ---- 34 光谱分析 ----
  { groupId: 34, childId: 3401, key: 'ftir', name: '傅里叶变换红外 FTIR', model: 'Thermo Nicolet iS50', sketch: '4000–400 cm⁻¹，KBr 压片、ATR 与漫反射', intro: 'Thermo Nicolet iS50，DTGS 检测器，分辨率 4 cm⁻¹，32 次扫描，适合官能团鉴定与高分子、有机物结构分析。', scope: ['官能团鉴定', '谱图检索', '反应前后对比'], yuan: 60, unit: '样品', turnaround: '2–3 个工作日', requirements: '固体不少于 5 mg，液体不少于 0.5 mL；样品需干燥（水峰会干扰 3400 与 1640 cm⁻¹）；注明测试方式。', options: [['模式', [['KBr 透射', 0], ['ATR', 0], ['漫反射', 40], ['变温原位', 300]]]], keywords: ['ftir', '红外', '官能团', 'atr', '红外光谱'], orders: 10325, lab: labs.spec, hot: true },
  { groupId: 34, childId: 3401, key: 'ftir', name: '原位漫反射红外 DRIFTS', model: 'Thermo Nicolet iS50 + Harrick Praying Mantis', sketch: 'CO、吡啶吸附与反应中间体，最高 600 ℃', intro: '高温反应池原位 DRIFTS，可通入 CO、NH3、吡啶等探针分子，研究催化剂酸性位与反应中间体。', scope: ['CO 吸附', '吡啶红外（B/L 酸）', '原位反应'], yuan: 800, unit: '样品', turnaround: '7–10 个工作日', requirements: '粉末不少于 50 mg，请注明预处理温度、气氛与探针分子。', options: [['探针', [['CO 吸附', 0], ['吡啶吸附', 200], ['自定义反应气', 400]]]], keywords: ['drifts', '原位红外', '吡啶', 'co吸附', '酸性'], orders: 1186, lab: labs.spec },
  { groupId: 34, childId: 3401, key: 'ftir', name: '显微红外成像', model: 'Bruker LUMOS II', sketch: '微区红外与成分面分布，适合微塑料、多层膜', intro: 'Bruker LUMOS II 焦平面阵列显微红外，透射、反射、ATR 三模式。', scope: ['微区鉴定', '化学成像', '微塑料识别'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品尺寸不超过 5×5 cm，微区大于 20 μm；微塑料请过滤在银膜上。', options: [], keywords: ['显微红外', '微塑料', '红外成像'], orders: 642, lab: labs.spec },
  { groupId: 34, childId: 3402, key: 'raman', name: '显微共聚焦拉曼光谱', model: 'Horiba LabRAM HR Evolution', sketch: '532/633/785 nm 激发，碳材料 D/G 峰、晶型与应力', intro: 'Horiba LabRAM HR Evolution，800 mm 焦长，光谱分辨率 ≤ 0.65 cm⁻¹，适合碳材料、二维材料、半导体与矿物。', scope: ['D/G 峰与缺陷', '二维材料层数', '晶型鉴定', '拉曼 mapping'], yuan: 100, unit: '样品', turnaround: '3–5 个工作日', requirements: '粉末不少于 5 mg，块体或薄膜尺寸不超过 2×2 cm；荧光强的样品请选择 785 nm；深色样品请注明以降低功率。', options: [['激发波长', [['532 nm', 0], ['633 nm', 0], ['785 nm', 50]]], ['附加', [['单点', 0], ['mapping', 200], ['变温（-190–600 ℃）', 300]]]], keywords: ['raman', '拉曼', 'd峰', 'g峰', '石墨烯', '碳材料'], orders: 8472, lab: labs.spec, hot: true },
  { groupId: 34, childId: 3402, key: 'raman', name: '原位电化学拉曼', model: 'Horiba LabRAM HR Evolution + 电化学池', sketch: '施加电位下跟踪电催化中间体与相变', intro: '配合 CHI 760E 电化学工作站与三电极原位池，研究 OER、HER、CO2RR 催化剂表面重构。', scope: ['电位相关谱图', '表面重构', '中间体识别'], yuan: 600, unit: '样品', turnaround: '7–10 个工作日', requirements: '请寄送工作电极（碳纸或玻碳，面积 1×1 cm）与电解液配方，注明电位区间。', options: [], keywords: ['原位拉曼', '电化学', '电催化', 'oer'], orders: 734, lab: labs.spec },
  { groupId: 34, childId: 3403, key: 'uvvis', name: '紫外可见漫反射 UV-Vis DRS', model: 'Shimadzu UV-3600i Plus', sketch: '200–2500 nm，积分球，粉末与薄膜禁带宽度', intro: '岛津 UV-3600i Plus，配 ISR-1503F 积分球，BaSO4 参比，适合光催化剂、半导体的吸收与带隙。', scope: ['吸收/反射光谱', 'Tauc 作图禁带宽度'], yuan: 80, unit: '样品', turnaround: '2–3 个工作日', requirements: '粉末不少于 50 mg；薄膜基底需透明（测透射）或尺寸不小于 2×2 cm（测反射）。', options: [['禁带计算', [['不需要', 0], ['Tauc 作图', 50]]]], keywords: ['uv-vis', '紫外可见', '漫反射', '禁带', '带隙'], orders: 5316, lab: labs.spec },
  { groupId: 34, childId: 3403, key: 'uvvis', name: '紫外可见吸收（溶液）', model: 'Agilent Cary 60', sketch: '190–1100 nm，溶液吸收与浓度测定', intro: 'Agilent Cary 60 双光束，石英比色皿，可做动力学扫描。', scope: ['吸收光谱', '标准曲线', '动力学'], yuan: 50, unit: '样品', turnaround: '2–3 个工作日', requirements: '溶液不少于 3 mL，注明溶剂与大致浓度；吸光度最好在 0.1–1.5 之间。', options: [], keywords: ['uv', '紫外', '吸收光谱', '溶液'], orders: 2764, lab: labs.spec },
  { groupId: 34, childId: 3404, key: 'pl', name: '稳态/瞬态荧光光谱', model: 'Edinburgh FLS1000', sketch: '发射、激发谱，荧光寿命与绝对量子产率', intro: 'Edinburgh FLS1000，450 W 氙灯与 EPL 皮秒脉冲激光，TCSPC 寿命测量，积分球测量绝对量子产率。', scope: ['PL 发射/激发', '荧光寿命', '绝对量子产率', '77 K 低温'], yuan: 200, unit: '样品', turnaround: '3–5 个工作日', requirements: '粉末不少于 50 mg，溶液不少于 3 mL；请注明激发波长或吸收峰位置。', options: [['附加', [['稳态谱', 0], ['加荧光寿命', 150], ['加量子产率', 200], ['77 K 低温', 300]]]], keywords: ['pl', '荧光', '寿命', '量子产率', '发光'], orders: 4128, lab: labs.spec },
  { groupId: 34, childId: 3404, key: 'pl', name: '圆二色光谱 CD', model: 'JASCO J-1500', sketch: '蛋白二级结构与手性分子', intro: 'JASCO J-1500 圆二色光谱仪，远紫外 CD 分析蛋白二级结构含量。', scope: ['远紫外 CD', '二级结构拟合', '变温熔解曲线'], yuan: 200, unit: '样品', turnaround: '5–7 个工作日', requirements: '蛋白浓度 0.1–0.5 mg/mL，不少于 400 μL，缓冲液避免高氯离子（用磷酸盐缓冲）。', options: [['变温', [['室温', 0], ['变温熔解', 200]]]], keywords: ['cd', '圆二色', '手性', '蛋白二级结构'], orders: 593, lab: labs.spec },
  // ---- 35 热分析 ----
  { groupId: 35, childId: 3501, key: 'tga', name: '热重分析 TGA', model: 'Netzsch TG 209 F1 Libra', sketch: '室温–1000 ℃，N2/空气，热稳定性与组分含量', intro: '耐驰 TG 209 F1，微克级分辨率，适合高分子热稳定性、填料含量、负载量与结晶水分析。', scope: ['失重曲线与 DTG', '热分解温度', '组分含量'], yuan: 100, unit: '样品', turnaround: '3–5 个工作日', requirements: thermalReq, options: [['气氛', [['N2', 0], ['空气', 0], ['O2', 20]]], ['升温速率', [['10 ℃/min', 0], ['多速率（动力学，3 个）', 200]]]], keywords: ['tga', '热重', '热稳定性', '失重', '热分析'], orders: 7530, lab: labs.thermal, hot: true },
  { groupId: 35, childId: 3501, key: 'tga', name: '热重-红外联用 TG-FTIR', model: 'Netzsch TG 209 F1 + Bruker INVENIO', sketch: '边失重边识别逸出气体', intro: 'TG 与 FTIR 通过 200 ℃ 加热传输线联用，识别 CO2、H2O、NH3 及有机小分子逸出物。', scope: ['逸出气体识别', '3D 红外谱', '分解机理'], yuan: 500, unit: '样品', turnaround: '7–10 个工作日', requirements: thermalReq, options: [], keywords: ['tg-ftir', '联用', '逸出气', '热重红外'], orders: 818, lab: labs.thermal },
  { groupId: 35, childId: 3502, key: 'dsc', name: '差示扫描量热 DSC', model: 'TA Instruments DSC 2500', sketch: '-90–550 ℃，Tg、Tm、结晶度与比热', intro: 'TA DSC 2500，Tzero 技术，适合高分子玻璃化转变、熔融结晶、固化反应与药物晶型。', scope: ['玻璃化转变 Tg', '熔点与熔融焓', '结晶度', '固化放热'], yuan: 120, unit: '样品', turnaround: '3–5 个工作日', requirements: thermalReq, options: [['程序', [['一次升温', 0], ['升-降-升（消除热历史）', 40]]], ['低温', [['室温起', 0], ['-90 ℃ 起', 60]]]], keywords: ['dsc', '差示扫描', 'tg', '玻璃化', '熔点', '结晶度'], orders: 6217, lab: labs.thermal },
  { groupId: 35, childId: 3502, key: 'dsc', name: '同步热分析 TG-DSC', model: 'Netzsch STA 449 F5 Jupiter', sketch: '室温–1500 ℃，同时得到失重与热效应', intro: '耐驰 STA 449 F5，TG 与 DSC 同步测量，适合无机材料烧结、前驱体分解与相变。', scope: ['TG + DSC 同步', '高温相变', '分解热'], yuan: 180, unit: '样品', turnaround: '3–5 个工作日', requirements: thermalReq, options: [['最高温度', [['≤ 1000 ℃', 0], ['1000–1500 ℃', 100]]]], keywords: ['sta', 'tg-dsc', '同步热分析', '热分析'], orders: 3462, lab: labs.thermal },
  { groupId: 35, childId: 3503, key: 'dma', name: '动态热机械分析 DMA', model: 'TA Instruments DMA 850', sketch: '储能模量、损耗因子 tanδ 随温度变化', intro: 'TA DMA 850，拉伸、三点弯曲、单/双悬臂夹具，-150–600 ℃。', scope: ['储能/损耗模量', 'tanδ 与 Tg', '蠕变与应力松弛'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '拉伸样条 长 20–30 mm × 宽 ≤ 6 mm × 厚 ≤ 1 mm；弯曲样条 长 35–60 mm × 宽 ≤ 15 mm × 厚 ≤ 5 mm。', options: [], keywords: ['dma', '动态热机械', '储能模量', 'tanδ'], orders: 1205, lab: labs.thermal },
  { groupId: 35, childId: 3503, key: 'dma', name: '激光闪射导热系数 LFA', model: 'Netzsch LFA 467 HyperFlash', sketch: '热扩散系数与导热系数，室温–500 ℃', intro: '激光闪射法测热扩散系数，结合比热与密度计算导热系数。', scope: ['热扩散系数', '导热系数', '变温测试'], yuan: 400, unit: '样品', turnaround: '5–7 个工作日', requirements: '圆片直径 12.7 mm 或方片 10×10 mm，厚度 0.5–3 mm，两面平行；请提供密度。', options: [['温度点', [['室温', 0], ['3 个温度点', 300]]]], keywords: ['导热', 'lfa', '激光闪射', '热扩散'], orders: 968, lab: labs.thermal },
  // ---- 36 物性与孔结构 ----
  { groupId: 36, childId: 3601, key: 'bet', name: '比表面积及孔径分布 BET', model: 'Micromeritics ASAP 2460', sketch: '77 K N2 吸脱附，BET 比表面积、BJH 介孔分布', intro: '麦克 ASAP 2460 多站比表面与孔隙度分析仪，适合催化剂、分子筛、MOF、碳材料与电池材料。', scope: ['BET 比表面积', 'BJH 孔径分布与孔容', 't-plot 微孔', 'DFT 孔分布'], yuan: 200, unit: '样品', turnaround: '5–7 个工作日', requirements: '粉末或颗粒：预估比表面积大于 100 m²/g 时不少于 100 mg，小于 10 m²/g 时不少于 1 g；请注明可承受的脱气温度（默认 150 ℃、6 h）。', options: [['孔径', [['介孔（BJH）', 0], ['微孔（HK/SF/DFT，低压段）', 200]]], ['吸附质', [['N2', 0], ['CO2（273 K）', 200], ['Ar（87 K）', 300]]]], keywords: ['bet', '比表面积', '孔径', '吸附', '孔容', '介孔'], orders: 9164, lab: labs.physical, hot: true },
  { groupId: 36, childId: 3601, key: 'bet', name: '化学吸附 H2-TPR / NH3-TPD', model: 'Micromeritics AutoChem II 2920', sketch: '还原性、酸性位分布与金属分散度', intro: 'AutoChem II 2920 全自动化学吸附仪，TCD 检测，可联用质谱。', scope: ['H2-TPR 程序升温还原', 'NH3-TPD 酸量', 'CO 脉冲化学吸附'], yuan: 400, unit: '样品', turnaround: '7–10 个工作日', requirements: '粉末 50–100 mg，20–40 目颗粒最佳；请注明预处理条件。', options: [['项目', [['H2-TPR', 0], ['NH3-TPD', 0], ['CO 脉冲', 100], ['联用质谱', 300]]]], keywords: ['tpr', 'tpd', '化学吸附', '酸性', '催化剂'], orders: 3027, lab: labs.physical },
  { groupId: 36, childId: 3601, key: 'bet', name: '压汞法孔隙结构', model: 'Micromeritics AutoPore V 9620', sketch: '孔径 3 nm–1000 μm，孔隙率与孔喉分布', intro: '高压 60000 psia 压汞，适合岩心、陶瓷、水泥与多孔电极。', scope: ['孔隙率', '孔径分布', '堆积密度'], yuan: 500, unit: '样品', turnaround: '7–10 个工作日', requirements: '块体体积 1–2 cm³ 或颗粒不少于 1 g，烘干；含汞废弃物由实验室处理，样品不退还。', options: [], keywords: ['压汞', '孔隙率', '孔喉', '岩心'], orders: 688, lab: labs.physical },
  { groupId: 36, childId: 3602, key: 'dls', name: '激光粒度分析', model: 'Malvern Mastersizer 3000', sketch: '0.01–3500 μm，湿法/干法粒度分布', intro: '马尔文 Mastersizer 3000 激光衍射粒度仪，适合粉体、浆料与乳液。', scope: ['D10/D50/D90', '粒度分布曲线'], yuan: 80, unit: '样品', turnaround: '2–3 个工作日', requirements: '粉末不少于 2 g，注明分散介质（水/乙醇）与折射率，或选择干法。', options: [['分散', [['湿法', 0], ['干法', 40]]]], keywords: ['粒度', '激光粒度', 'd50', '粒径分布'], orders: 3385, lab: labs.physical },
  { groupId: 36, childId: 3602, key: 'dls', name: '纳米粒度与 Zeta 电位（DLS）', model: 'Malvern Zetasizer Nano ZS90', sketch: '0.3 nm–5 μm 水合粒径，Zeta 电位与 PDI', intro: '动态光散射测量胶体与纳米颗粒水合粒径，电泳光散射测 Zeta 电位。', scope: ['水合粒径与 PDI', 'Zeta 电位', 'pH 滴定'], yuan: 100, unit: '样品', turnaround: '2–3 个工作日', requirements: '分散均匀的液体样品不少于 2 mL，注明溶剂、浓度与 pH；粉末请说明分散方式。', options: [['项目', [['粒径', 0], ['粒径 + Zeta', 60], ['Zeta-pH 曲线', 200]]]], keywords: ['dls', 'zeta', '水合粒径', '纳米粒度', '电位'], orders: 5741, lab: labs.physical },
  { groupId: 36, childId: 3603, key: 'mech', name: '拉伸/压缩/弯曲力学性能', model: 'Instron 5967', sketch: '30 kN 电子万能试验机，按 GB/T 1040、GB/T 9341', intro: 'Instron 5967 双立柱万能试验机，配视频引伸计，适合塑料、复合材料、薄膜与金属。', scope: ['拉伸强度与模量', '断裂伸长率', '压缩与三点弯曲'], yuan: 150, unit: '组（5 根）', turnaround: '5–7 个工作日', requirements: '按国标制备样条（哑铃型 1A/5A 等），每组 5 根；薄膜宽 10–15 mm；请注明执行标准与测试速度。', options: [['测试', [['拉伸', 0], ['压缩', 0], ['三点弯曲', 0], ['加视频引伸计', 100]]]], keywords: ['拉伸', '力学', '万能试验机', '模量', '强度'], orders: 2876, lab: labs.physical },
  { groupId: 36, childId: 3603, key: 'mech', name: '旋转流变', model: 'TA Instruments DHR-2', sketch: '黏度曲线、振荡频率扫描与温度扫描', intro: 'TA DHR-2 旋转流变仪，平行板、锥板与同轴圆筒夹具，-40–200 ℃。', scope: ['稳态黏度', '频率/应变扫描', '触变环'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '液体、凝胶或熔体不少于 5 mL（固体熔体不少于 3 g），注明测试温度。', options: [], keywords: ['流变', '黏度', '储能模量', '凝胶'], orders: 1614, lab: labs.physical },
  // ---- 37 波谱与质谱 ----
  { groupId: 37, childId: 3701, key: 'nmr', name: '液体核磁 1H/13C（400 MHz）', model: 'Bruker AVANCE NEO 400 MHz', sketch: '1H、13C、19F、31P 一维谱，可加 COSY/HSQC/HMBC', intro: 'Bruker AVANCE NEO 400 MHz，BBO 宽带探头，自动进样器，适合有机小分子与高分子结构确认。', scope: ['1H / 13C 一维', '19F / 31P', 'DEPT、COSY、HSQC、HMBC'], yuan: 60, unit: '样品', turnaround: '2–3 个工作日', requirements: liquidNmr, options: [['核', [['1H', 0], ['13C', 60], ['19F', 40], ['31P', 40]]], ['二维', [['不需要', 0], ['HSQC/HMBC（每个）', 200]]]], keywords: ['nmr', '核磁', '氢谱', '碳谱', '1h', '13c'], orders: 18230, lab: labs.nmr, hot: true },
  { groupId: 37, childId: 3701, key: 'nmr', name: '高场液体核磁（600 MHz）', model: 'Bruker AVANCE NEO 600 MHz', sketch: 'CryoProbe 超低温探头，微量样品与复杂二维', intro: '600 MHz 配 TCI 超低温探头，灵敏度提升约 4 倍，适合天然产物、多肽与微量样品。', scope: ['微量样品 1H/13C', 'NOESY/ROESY', '变温核磁'], yuan: 300, unit: '样品', turnaround: '3–5 个工作日', requirements: liquidNmr, options: [['变温', [['室温', 0], ['变温（每个温度点）', 150]]]], keywords: ['nmr', '600m', '高场核磁', '二维', 'noesy'], orders: 3215, lab: labs.nmr },
  { groupId: 37, childId: 3701, key: 'nmr', name: '固体核磁 MAS（27Al/29Si/13C）', model: 'Bruker AVANCE III 400WB', sketch: '4 mm 魔角旋转，分子筛骨架与配位环境', intro: '宽腔 400 MHz 固体核磁，MAS 转速至 15 kHz，CP/MAS 与单脉冲实验。', scope: ['27Al 配位', '29Si 骨架', '13C CP/MAS', '1H MAS'], yuan: 800, unit: '样品', turnaround: '7–10 个工作日', requirements: '干燥粉末不少于 100 mg；含顺磁离子（Fe、Mn、Cu 等）含量高的样品请提前说明。', options: [['核', [['27Al 或 29Si', 0], ['13C CP/MAS', 200]]]], keywords: ['固体核磁', 'mas', '分子筛', '29si', '27al'], orders: 1438, lab: labs.nmr },
  { groupId: 37, childId: 3702, key: 'epr', name: '电子顺磁共振 EPR', model: 'Bruker EMXplus', sketch: '氧空位、自由基与过渡金属价态，X 波段', intro: 'Bruker EMXplus X 波段 EPR，液氮/液氦变温，原位光照，DMPO/TEMP 自旋捕获。', scope: ['氧空位 g=2.003', '自由基捕获（·OH、·O2⁻、¹O2）', 'Cu²⁺/Mn²⁺ 等'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '粉末不少于 30 mg；溶液不少于 200 μL；自由基捕获请说明体系与光照条件。', options: [['附加', [['常温', 0], ['低温 77 K', 200], ['DMPO 自由基捕获', 200], ['原位光照', 200]]]], keywords: ['epr', 'esr', '顺磁', '氧空位', '自由基'], orders: 4672, lab: labs.nmr },
  { groupId: 37, childId: 3703, key: 'ms', name: 'GC-MS 有机物定性', model: 'Agilent 8890-5977B', sketch: '挥发/半挥发有机物，NIST 谱库检索', intro: 'Agilent 8890 气相色谱 + 5977B 单四极质谱，EI 源，NIST 20 谱库。', scope: ['成分定性', '峰面积归一化', '反应产物分析'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '液体不少于 1 mL（注明溶剂），固体请说明可溶溶剂；不可进样强酸、强碱与水溶液。', options: [['前处理', [['直接进样', 0], ['顶空', 150], ['热裂解 Py-GC/MS', 400]]]], keywords: ['gc-ms', '气质', '有机物', '定性'], orders: 3956, lab: labs.ms },
  { groupId: 37, childId: 3703, key: 'ms', name: 'LC-MS 高分辨质谱', model: 'Thermo Q Exactive Plus', sketch: 'Orbitrap 分辨率 140000，精确分子量与碎片', intro: 'Thermo UltiMate 3000 + Q Exactive Plus，ESI 正负离子，精确质量误差 < 3 ppm。', scope: ['精确分子量 HRMS', 'MS/MS 碎片', '化合物鉴定'], yuan: 400, unit: '样品', turnaround: '5–7 个工作日', requirements: '样品不少于 1 mg，注明结构或分子式、可溶溶剂；不含盐、表面活性剂与 DMSO。', options: [], keywords: ['lc-ms', '高分辨', 'hrms', '质谱', 'orbitrap'], orders: 4321, lab: labs.ms },
  { groupId: 37, childId: 3703, key: 'gpc', name: '凝胶渗透色谱 GPC（分子量分布）', model: 'Agilent PL-GPC 220', sketch: 'Mn、Mw 与 PDI，THF/DMF/高温三氯苯', intro: '示差折光检测，聚苯乙烯/PMMA 标样校准，高温 GPC 适合聚烯烃。', scope: ['Mn、Mw、PDI', '分子量分布曲线'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: '高分子不少于 20 mg，注明溶剂（THF、DMF、水相或 TCB）与预估分子量。', options: [['体系', [['THF', 0], ['DMF', 50], ['高温 TCB（150 ℃）', 300]]]], keywords: ['gpc', '分子量', '凝胶渗透', 'pdi', '高分子'], orders: 2587, lab: labs.ms },
  // ---- 38 生物医学 ----
  { groupId: 38, childId: 3801, key: 'flow', name: '流式细胞检测（凋亡/周期）', model: 'BD FACSCelesta', sketch: '三激光 12 色，Annexin V/PI 凋亡与 PI 周期', intro: 'BD FACSCelesta 流式细胞仪，FlowJo 分析，提供染色与上机。', scope: ['细胞凋亡', '细胞周期', '免疫分型'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: bioReq, options: [['染色', [['客户自染', 0], ['代染色（凋亡或周期）', 150], ['多色免疫分型', 400]]]], keywords: ['流式', '流式细胞', '凋亡', '细胞周期', 'facs'], orders: 3874, lab: labs.bio },
  { groupId: 38, childId: 3802, key: 'proteomics', name: '蛋白质组学 Label-free 定量', model: 'Thermo Orbitrap Exploris 480', sketch: 'DIA 定量，单样本 6000+ 蛋白，含生信分析', intro: 'nanoLC + Orbitrap Exploris 480，DIA 采集，Spectronaut 搜库，交付差异蛋白与 GO/KEGG 富集。', scope: ['蛋白鉴定与定量', '差异分析', 'GO/KEGG 富集'], yuan: 2800, unit: '样品', turnaround: '20–30 个工作日', requirements: '组织不少于 50 mg，细胞不少于 1×10⁶，血清不少于 100 μL；-80 ℃ 保存，干冰寄送；每组不少于 3 个生物学重复。', options: [['方案', [['DIA', 0], ['TMT 标记', 800], ['磷酸化修饰组', 1700]]]], keywords: ['蛋白质组学', '质谱', 'dia', 'tmt', '蛋白'], orders: 1261, lab: labs.bio },
  { groupId: 38, childId: 3803, key: 'patho', name: '组织病理切片与 HE 染色', model: 'Leica HistoCore 系列 + 3DHISTECH 扫描', sketch: '石蜡包埋、切片、HE 染色与全片扫描', intro: '从组织固定到全片数字扫描一站式服务，病理医师阅片可选。', scope: ['石蜡切片', 'HE 染色', 'Masson / 天狼星红', '全片扫描'], yuan: 80, unit: '张', turnaround: '7–10 个工作日', requirements: '组织块不超过 1.5×1.5×0.3 cm，4% 多聚甲醛固定 24–48 h，注明物种与组织类型。', options: [['染色', [['HE', 0], ['Masson', 40], ['天狼星红', 40]]], ['扫描', [['不需要', 0], ['全片扫描', 30]]]], keywords: ['病理', '切片', 'he染色', '组织学'], orders: 5263, lab: labs.bio },
  { groupId: 38, childId: 3803, key: 'patho', name: '免疫组化 IHC / 免疫荧光 IF', model: 'Leica BOND RX', sketch: '自动化染色，可提供常用抗体', intro: 'Leica BOND RX 全自动免疫组化染色平台，抗体条件优化后批量染色。', scope: ['IHC', '多重免疫荧光', '阳性面积定量'], yuan: 200, unit: '张', turnaround: '10–15 个工作日', requirements: '石蜡切片或组织块，注明目标抗原与物种；自带抗体请附说明书。', options: [['定量', [['不需要', 0], ['阳性面积定量', 80]]]], keywords: ['免疫组化', 'ihc', '免疫荧光', '抗体'], orders: 2719, lab: labs.bio },
  { groupId: 38, childId: 3804, key: 'pcr', name: '实时荧光定量 PCR', model: 'Bio-Rad CFX96', sketch: '从 RNA 提取到 2^-ΔΔCt 相对定量', intro: 'Bio-Rad CFX96，SYBR Green 法，包含 RNA 提取、反转录、引物设计与验证。', scope: ['mRNA 相对定量', 'miRNA', '引物设计'], yuan: 40, unit: '基因/样品', turnaround: '7–10 个工作日', requirements: '组织不少于 30 mg 或细胞不少于 1×10⁶，RNAlater 或 -80 ℃ 保存，干冰寄送。', options: [['RNA 提取', [['客户提供 RNA', 0], ['代提取', 60]]]], keywords: ['qpcr', 'pcr', '定量', '基因表达'], orders: 4508, lab: labs.bio },
  { groupId: 38, childId: 3804, key: 'pcr', name: 'Western Blot 蛋白检测', model: 'Bio-Rad ChemiDoc MP', sketch: '从蛋白提取到灰度分析', intro: '标准 WB 流程：提取、BCA 定量、SDS-PAGE、转膜、孵育与化学发光成像。', scope: ['目的蛋白检测', '灰度定量'], yuan: 350, unit: '指标', turnaround: '10–15 个工作日', requirements: '组织或细胞样品同 qPCR；注明目的蛋白、分子量与物种，自带抗体请附说明书。', options: [], keywords: ['western', 'wb', '蛋白', '免疫印迹'], orders: 3102, lab: labs.bio },
  // ---- 39 环境检测 ----
  { groupId: 39, childId: 3901, key: 'water', name: '地表水/废水常规指标', model: 'Hach DR6000 + 流动注射分析', sketch: 'COD、氨氮、总磷、总氮等 8 项，按 HJ 标准', intro: '依据 HJ 828、HJ 535、GB 11893 等标准，CMA 资质实验室出具报告。', scope: ['COD', '氨氮', '总磷', '总氮', 'pH', 'SS', 'BOD5', '石油类'], yuan: 600, unit: '样品', turnaround: '5–7 个工作日', requirements: envReq, options: [['报告', [['数据报告', 0], ['CMA 报告', 200]]]], keywords: ['水质', 'cod', '氨氮', '总磷', '废水'], orders: 2168, lab: labs.env },
  { groupId: 39, childId: 3901, key: 'water', name: '水中重金属（ICP-MS）', model: 'Agilent 7900', sketch: 'Pb、Cd、Cr、As、Hg 等，按 HJ 700', intro: 'HJ 700-2014 水质 65 种元素的测定，检出限 μg/L 级。', scope: ['重金属元素', '总量与溶解态'], yuan: 100, unit: '元素', turnaround: '5–7 个工作日', requirements: envReq + '重金属样品需硝酸酸化至 pH < 2。', options: [], keywords: ['重金属', '水质', 'icp-ms', '砷', '铅'], orders: 1547, lab: labs.env },
  { groupId: 39, childId: 3902, key: 'vocs', name: '挥发性有机物 VOCs', model: 'Agilent 7890B-5977B + Markes TD100', sketch: '苏玛罐/吸附管采样，HJ 644、HJ 759', intro: '热脱附/预浓缩进样 GC-MS，定量 TO-15 清单 65 种 VOCs。', scope: ['环境空气 VOCs', '车间与厂界', '车内空气'], yuan: 800, unit: '样品', turnaround: '7–10 个工作日', requirements: '使用实验室提供的苏玛罐或 Tenax 吸附管采样，注明采样体积、时间与地点，7 天内送达。', options: [['采样', [['客户采样', 0], ['上门采样（上海、苏州）', 1000]]]], keywords: ['vocs', '挥发性有机物', '空气', '苏玛罐'], orders: 964, lab: labs.env },
  { groupId: 39, childId: 3903, key: 'soil', name: '土壤重金属 8 项', model: 'Agilent 7900 + AFS-9760', sketch: 'GB 36600 / GB 15618 筛选值对标', intro: '镉、汞、砷、铅、铬、铜、镍、锌 8 项，微波消解 + ICP-MS/原子荧光。', scope: ['重金属 8 项', '筛选值对比'], yuan: 600, unit: '样品', turnaround: '7–10 个工作日', requirements: '风干土样不少于 200 g，过 2 mm 筛，剔除石块与根系，用自封袋密封并标注点位。', options: [['附加', [['不需要', 0], ['pH 与有机质', 150]]]], keywords: ['土壤', '重金属', '镉', '砷', 'gb36600'], orders: 1083, lab: labs.env },
  // ---- 41–43 上门预约（机时） ----
  { groupId: 41, childId: 4101, key: 'sem', name: 'SEM 机时预约（自主上机）', model: 'Hitachi SU8010', sketch: '按小时计费，工程师陪同，适合大批量或需现场挑选视野', intro: '通过培训考核的用户可自主操作，首次上机由工程师全程陪同；含 EDS 使用。', scope: ['自主上机', '现场挑选视野', 'EDS'], yuan: 400, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [['时段', [['工作日', 0, 'weekday'], ['周末', 100, 'weekend']]]], keywords: ['机时', 'sem', '上机', '预约'], orders: 3280, lab: labs.em },
  { groupId: 41, childId: 4101, key: 'sem', name: 'SEM + EDS 机时（热场）', model: 'ZEISS Sigma 300', sketch: '长时间面扫、大批量样品更划算', intro: '热场 SEM 适合长时间稳定采集，按小时计费。', scope: ['形貌', 'EDS mapping', '拼图'], yuan: 450, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [], keywords: ['机时', 'sem', 'eds', '预约'], orders: 1356, lab: labs.em },
  { groupId: 41, childId: 4102, key: 'tem', name: 'TEM 机时预约', model: 'JEOL JEM-2100F', sketch: '按小时计费，工程师操作，客户现场指导拍摄', intro: '工程师操作、客户现场或远程指导选择视野，适合需要大量高分辨照片的课题。', scope: ['形貌与高分辨', 'SAED', 'STEM-EDS'], yuan: 800, unit: '小时', turnaround: '按预约时段', requirements: hourReq + temReq, options: [['方式', [['现场', 0], ['远程视频指导', 0]]]], keywords: ['机时', 'tem', '透射', '预约'], orders: 1824, lab: labs.em },
  { groupId: 42, childId: 4201, key: 'raman', name: '显微拉曼机时', model: 'Horiba LabRAM HR Evolution', sketch: '多波长自主测试，mapping 大批量', intro: '按小时使用显微拉曼，适合 mapping 与大量样品筛选。', scope: ['单点谱', 'mapping'], yuan: 200, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [], keywords: ['机时', '拉曼', '预约'], orders: 956, lab: labs.spec },
  { groupId: 42, childId: 4201, key: 'afm', name: 'AFM 机时', model: 'Bruker Dimension Icon', sketch: '自主上机，含常用探针', intro: '含 ScanAsyst 与轻敲模式探针，特殊探针另计。', scope: ['形貌', 'PeakForce', 'KPFM'], yuan: 350, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [['探针', [['常规探针', 0], ['导电/磁性探针', 150]]]], keywords: ['机时', 'afm', '预约'], orders: 743, lab: labs.surface },
  { groupId: 42, childId: 4202, key: 'echem', name: '电化学工作站机时', model: 'Bio-Logic VSP-300', sketch: 'CV、EIS、恒流充放电，含手套箱使用', intro: '多通道电化学工作站与 Mikrouna 手套箱（H2O、O2 < 0.1 ppm），适合电池与电催化测试。', scope: ['CV / LSV', 'EIS 阻抗', '恒流充放电', '手套箱组装'], yuan: 150, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [['手套箱', [['不需要', 0], ['使用手套箱', 50]]]], keywords: ['电化学', '工作站', 'eis', '循环伏安', '机时'], orders: 1189, lab: labs.physical },
  { groupId: 43, childId: 4301, key: 'confocal', name: '激光共聚焦机时', model: 'ZEISS LSM 980', sketch: '活细胞工作站，37 ℃、5% CO2', intro: '配 Pecon 活细胞培养系统，可长时间延时成像。', scope: ['活细胞成像', '延时拍摄', 'FRAP'], yuan: 300, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [], keywords: ['机时', '共聚焦', '活细胞', '预约'], orders: 1632, lab: labs.bio },
  { groupId: 43, childId: 4301, key: 'flow', name: '流式细胞仪机时', model: 'BD FACSCelesta', sketch: '自主上机，含 FlowJo 分析工位', intro: '通过培训后自主上机，提供 FlowJo 正版分析工位。', scope: ['上机采集', '数据分析工位'], yuan: 250, unit: '小时', turnaround: '按预约时段', requirements: hourReq, options: [], keywords: ['机时', '流式', '预约'], orders: 1418, lab: labs.bio },
  // ---- 51–52 数据分析 ----
  { groupId: 51, childId: 5101, key: 'refine', name: 'XRD Rietveld 全谱精修', model: 'GSAS-II / TOPAS', sketch: '晶胞参数、原子占位、相含量与 R 因子', intro: '由晶体学工程师完成 Rietveld 精修，交付精修图、参数表与 CIF。', scope: ['晶胞参数', '原子占位与掺杂位点', '多相定量', 'Rwp、GOF'], yuan: 300, unit: '样品', turnaround: '5–7 个工作日', requirements: dataReq + '精修需慢扫数据（步长 ≤ 0.02°），并提供初始结构或 PDF 卡片号。', options: [['复杂度', [['单相', 0], ['多相或掺杂', 200]]]], keywords: ['精修', 'rietveld', 'xrd', 'gsas', 'topas'], orders: 2876, lab: labs.data },
  { groupId: 51, childId: 5101, key: 'refine', name: 'XRD 物相检索与半定量', model: 'MDI Jade / HighScore Plus', sketch: 'PDF-4+ 卡片比对，RIR 半定量', intro: '使用 ICDD PDF-4+ 数据库检索物相，提供标注图与物相列表。', scope: ['物相标定', 'RIR 半定量', '结晶度'], yuan: 80, unit: '样品', turnaround: '2–3 个工作日', requirements: dataReq, options: [], keywords: ['物相检索', 'jade', 'xrd', 'pdf卡片'], orders: 3512, lab: labs.data },
  { groupId: 51, childId: 5102, key: 'fit', name: 'XPS 分峰拟合', model: 'Avantage / CasaXPS', sketch: '按元素计费，荷电校正、分峰与价态比例', intro: 'C 1s 284.8 eV 荷电校正，Shirley 背底，约束半峰宽与自旋轨道分裂。', scope: ['分峰拟合', '价态比例', '文献对标说明'], yuan: 60, unit: '元素', turnaround: '2–3 个工作日', requirements: dataReq, options: [], keywords: ['xps', '分峰', '拟合', 'casaxps', '价态'], orders: 4786, lab: labs.data },
  { groupId: 51, childId: 5102, key: 'fit', name: '红外/拉曼谱图解析', model: 'OMNIC / LabSpec', sketch: '峰位归属与官能团分析报告', intro: '结合文献与谱库对主要峰位归属，提供标注谱图与说明。', scope: ['峰位归属', '对比分析'], yuan: 100, unit: '样品', turnaround: '2–3 个工作日', requirements: dataReq, options: [], keywords: ['红外解析', '拉曼解析', '峰位归属'], orders: 1968, lab: labs.data },
  { groupId: 51, childId: 5102, key: 'tga', name: '热分析动力学计算', model: 'Netzsch Kinetics Neo', sketch: 'Kissinger、Ozawa、Friedman 求活化能', intro: '基于多升温速率 TGA/DSC 数据计算表观活化能与指前因子。', scope: ['Kissinger', 'FWO/Ozawa', 'Friedman 等转化率'], yuan: 300, unit: '样品', turnaround: '3–5 个工作日', requirements: dataReq + '需至少 3 个升温速率的数据。', options: [], keywords: ['动力学', '活化能', 'kissinger', '热分析'], orders: 742, lab: labs.data },
  { groupId: 51, childId: 5103, key: 'drawing', name: '科研绘图（机理图/TOC 图）', model: 'Cinema 4D / Adobe Illustrator', sketch: '期刊风格机理示意图与封面，矢量交付', intro: '专职设计师按期刊要求绘制，提供两轮修改，交付 AI/PDF/TIFF（600 dpi）。', scope: ['机理示意图', 'TOC 图', '期刊封面'], yuan: 800, unit: '张', turnaround: '5–10 个工作日', requirements: '请提供草图或文字描述、参考图与目标期刊；封面图请提前 3 周预约。', options: [['类型', [['二维矢量图', 0], ['三维渲染图', 700], ['期刊封面', 2200]]]], keywords: ['绘图', '机理图', 'toc', '封面'], orders: 1350, lab: labs.data },
  { groupId: 52, childId: 5201, key: 'dft', name: 'DFT 计算（吸附能/能带/态密度）', model: 'VASP 6.4', sketch: 'PBE+U，吸附能、差分电荷、能带与 PDOS', intro: '基于 VASP 的平面波 DFT 计算，包含结构优化、吸附构型筛选与电子结构分析，交付输入输出文件与作图。', scope: ['吸附能', '差分电荷密度', '能带与态密度', 'Bader 电荷'], yuan: 3000, unit: '体系', turnaround: '10–20 个工作日', requirements: simReq, options: [['内容', [['结构优化 + 吸附能', 0], ['加电子结构（能带/DOS）', 1500], ['加自由能台阶图（HER/OER）', 2000]]]], keywords: ['dft', '第一性原理', 'vasp', '吸附能', '计算'], orders: 1672, lab: labs.sim },
  { groupId: 52, childId: 5201, key: 'dft', name: '过渡态搜索 CI-NEB', model: 'VASP 6.4 + VTST', sketch: '反应能垒与最小能量路径', intro: 'CI-NEB 搜索过渡态并做频率验证，适合催化反应机理与离子迁移能垒。', scope: ['反应能垒', '离子迁移路径', '虚频验证'], yuan: 5000, unit: '体系', turnaround: '15–25 个工作日', requirements: simReq, options: [], keywords: ['过渡态', 'neb', '能垒', 'dft'], orders: 648, lab: labs.sim },
  { groupId: 52, childId: 5202, key: 'md', name: '分子动力学模拟 MD', model: 'GROMACS 2024 / LAMMPS', sketch: '蛋白-配体、聚合物与电解液体系', intro: '经典力场 MD，提供 RMSD、RDF、扩散系数、结合自由能（MM/PBSA）等分析。', scope: ['蛋白-配体结合', '电解液溶剂化结构', '聚合物玻璃化转变'], yuan: 4000, unit: '体系', turnaround: '15–25 个工作日', requirements: simReq, options: [['时长', [['100 ns', 0], ['500 ns', 3000]]]], keywords: ['分子动力学', 'md', 'gromacs', 'lammps', '模拟'], orders: 917, lab: labs.sim },
  { groupId: 52, childId: 5203, key: 'fem', name: 'COMSOL 多物理场仿真', model: 'COMSOL Multiphysics 6.2', sketch: '电化学、传热、流体与电磁耦合', intro: '有限元建模与参数扫描，适合电池电化学、微流控、传热与光学场仿真。', scope: ['电池电化学', '微流控', '传热', '电磁场'], yuan: 6000, unit: '模型', turnaround: '15–30 个工作日', requirements: '请提供几何尺寸、材料参数与边界条件，或参考文献模型；复杂模型先免费评估。', options: [], keywords: ['comsol', '有限元', '仿真', '多物理场'], orders: 586, lab: labs.sim },
];

/** FAQ per group; each item also gets the general two. */
export const groupFaq: Record<number, FaqEntry[]> = {
  31: [
    { question: '样品量不足 0.2 g 可以测吗？', answer: '可以使用零背景硅片样品台测试少量样品（约 10 mg），但信噪比会降低，请在备注中说明。' },
    { question: '需要精修的话扫描速度怎么选？', answer: '请选择“慢扫 2°/min”，步长 0.02°，精修可在数据分析类目下单。' },
  ],
  32: [
    { question: '不导电样品一定要喷金吗？', answer: '需要：不导电样品请在「制样」中选择喷金（约 5 nm）以避免荷电，导电样品选择不喷金即可；需要做 EDS 或观察极细结构时建议喷碳，也可备注低电压不喷金测试。' },
    { question: '磁性样品可以测吗？', answer: '强磁性粉末会吸附到极靴损坏电镜，不予测试；弱磁性样品请备注，由工程师评估。' },
  ],
  33: [
    { question: 'XPS 的检测深度是多少？', answer: '约为表面 5–10 nm；需要体相信息请结合刻蚀深度剖析或 ICP 等体相方法。' },
    { question: 'ICP 需要告诉你们元素含量吗？', answer: '请尽量提供预估含量范围，便于选择稀释倍数，避免超出线性范围而重测。' },
  ],
  34: [{ question: '荧光背景太强怎么办？', answer: '拉曼可改用 785 nm 激发，或对样品做光漂白预处理；红外建议选择 ATR 模式。' }],
  35: [{ question: '默认升温速率和气氛是什么？', answer: '默认 10 ℃/min、N2 气氛、室温至 800 ℃，其他条件请在下单时注明。' }],
  36: [{ question: 'BET 样品需要多少？', answer: '请保证样品总比表面积在 5–50 m² 之间：比表面积越小，所需样品越多。' }],
  37: [{ question: '核磁溶剂需要自备吗？', answer: '常用氘代试剂（CDCl3、DMSO-d6、D2O、CD3OD）由实验室提供，费用已含在测试价中。' }],
  38: [{ question: '活细胞样品怎么寄？', answer: '请提前与客户经理确认到样时间，使用满瓶培养基、封口膜密封并常温快递，周五不寄送。' }],
  39: [{ question: '能出具 CMA 报告吗？', answer: '水质、土壤项目可选择 CMA 报告，需按标准采样并附采样记录。' }],
  41: [{ question: '机时怎么计算？', answer: '按实际上机时长计费，最少 1 小时，之后每 30 分钟计一次；提前 24 小时取消不收费。' }],
  42: [{ question: '可以带自己的探针或电解池吗？', answer: '可以，请在预约备注中说明，由平台工程师确认兼容性。' }],
  43: [{ question: '细胞房可以过夜培养吗？', answer: '可以，培养箱按天另计，请提前预约。' }],
  51: [{ question: '没有在这里测的数据可以分析吗？', answer: '可以，请提供仪器导出的原始数据，截图或图片无法用于精修与拟合。' }],
  52: [{ question: '计算结果可以用于发表吗？', answer: '可以，我们提供完整的输入输出文件与计算方法描述，便于写入论文方法部分。' }],
};

export const generalFaq: FaqEntry[] = [
  { question: '如何寄送样品？', answer: '下单后按“送样须知”快递至样品接收组，上海、苏州地区可预约免费上门取样；寄送时请在包裹内附订单号。' },
  { question: '测试后样品可以退还吗？', answer: '非破坏性测试的剩余样品可退还，在订单完成并全额付款后 48 小时内寄回，请在下单时勾选“需退样”。' },
];

export const exampleCaptions: Record<ImageKey, string> = {
  xrd: 'LiFePO4 正极材料 XRD 图谱（与 PDF#40-1499 对照）',
  scxrd: '配合物单晶结构椭球图（50% 概率）',
  saxs: '嵌段共聚物 SAXS 一维积分曲线',
  sem: 'NiCo-LDH 纳米片 SEM 形貌（50k×）',
  tem: 'Pt/C 催化剂 HRTEM 晶格条纹（d=0.226 nm）',
  afm: 'MoS2 单层 AFM 高度图与截面',
  confocal: 'HeLa 细胞三色荧光共聚焦图像',
  xps: 'Fe 2p 精细谱分峰拟合',
  icp: '多元素标准曲线（R² > 0.999）',
  xrf: '矿石样品氧化物含量柱状图',
  ea: 'CHNS 元素含量结果',
  ftir: '改性前后聚合物 FTIR 对比',
  raman: '石墨烯拉曼光谱 D、G、2D 峰',
  uvvis: 'TiO2 UV-Vis DRS 与 Tauc 图',
  pl: '钙钛矿量子点 PL 发射光谱',
  tga: 'PET 热重与 DTG 曲线（N2）',
  dsc: 'PLA 二次升温 DSC 曲线',
  dma: '环氧树脂 DMA 储能模量与 tanδ',
  bet: '介孔二氧化硅 N2 吸脱附等温线（IV 型）',
  dls: '纳米颗粒水合粒径分布',
  mech: '拉伸应力-应变曲线',
  nmr: '有机小分子 1H NMR（CDCl3, 400 MHz）',
  epr: '氧空位 EPR 信号（g=2.003）',
  ms: 'GC-MS 总离子流色谱图',
  gpc: '聚合物 GPC 分子量分布曲线',
  flow: 'Annexin V/PI 凋亡双参数散点图',
  proteomics: '差异蛋白火山图',
  patho: '小鼠肝组织 HE 染色（20×）',
  pcr: 'qPCR 扩增曲线与熔解曲线',
  water: '水质指标达标对比',
  vocs: 'VOCs 色谱图与主要组分',
  soil: '土壤重金属含量与筛选值对比',
  echem: '循环伏安曲线（50 mV/s）',
  refine: 'Rietveld 精修图（Rwp = 6.8%）',
  fit: 'C 1s 分峰拟合（C–C、C–O、C=O）',
  drawing: '催化机理示意图',
  dft: '吸附构型与差分电荷密度',
  md: '电解液溶剂化结构 RDF',
  fem: '电池极片电势分布仿真',
};
