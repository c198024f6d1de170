/**
 * What a customer learns from an item's page (seed): the standards the test follows, how to
 * prepare the sample, what the report holds, and a sample report (PDF, committed under
 * assets/upload/img/reports/, drawn by scripts/build-sample-reports.mjs). Keyed by the seed
 * item's name. Standards are cited by number and year; the lab's own SOP applies where a
 * standard leaves choices open.
 */
export interface SeedItemDocs {
  standards: string[];
  samplePrep: string;
  reportContents: string;
  sampleReport?: string;
}

export const seedItemDocs: Record<string, SeedItemDocs> = {
  'XRD 粉末衍射（物相分析）': {
    standards: ['JY/T 0587-2020 多晶体X射线衍射方法通则', 'GB/T 30904-2014 无机化工产品 晶型结构分析 X射线衍射法', 'GB/T 23413-2009 纳米材料晶粒尺寸及微观应变的测定 X射线衍射线宽化法'],
    samplePrep:
      '粉末研磨至手捻无颗粒感（约 300 目，粒径小于 48 μm），过粗会使衍射强度失真、出现择优取向；研磨时避免过度以免引入应变或非晶化。\n装样采用背压法压入样品槽，表面与样品架齐平；样品量少时可用零背景单晶硅片。\n块体或薄膜测试面需平整，尺寸 1–2 cm，厚度小于 5 mm；易吸潮样品请密封寄送并注明。',
    reportContents:
      '测试条件：仪器型号、Cu Kα 波长（1.5406 Å）、管压管流、扫描范围与步长\n原始数据：.raw 与 .xy 两种格式\n衍射谱图：2θ–强度图，标注主要衍射峰\n物相检索结果：PDF 卡片号、物相名称与匹配度（选做半定量）\n晶粒尺寸（选做）：Scherrer 公式计算，注明所用晶面与仪器宽化扣除方法',
    sampleReport: '/upload/img/reports/xrd-sample-report.pdf',
  },
  '场发射扫描电镜 SEM（形貌）': {
    standards: ['JY/T 0584-2020 扫描电子显微镜分析方法通则', 'GB/T 16594-2008 微米级长度的扫描电镜测量方法通则', 'GB/T 17359-2012 微束分析 能谱法定量分析'],
    samplePrep:
      '粉末用无水乙醇超声分散后滴于硅片，或直接撒在导电胶上并用洗耳球吹去浮粉，避免团聚与污染镜筒。\n不导电样品喷金（约 5–10 nm）以消除荷电；需做 EDS 时改为喷碳，避免 Au 峰与 P、S、Zr 等元素谱峰重叠。\n块体样品长宽不超过 2 cm、高度不超过 1 cm，标明测试面；含水、含油或易挥发样品需提前干燥。',
    reportContents:
      '测试条件：加速电压、工作距离、探头类型（SE / BSE）、是否喷镀\n形貌照片：每个样品按要求的放大倍数拍摄，图中带标尺\nEDS 结果（选做）：谱图、元素质量与原子百分比、面扫分布图，注明无标样定量的不确定度\n原始图片：TIFF 格式，保留仪器信息栏',
    sampleReport: '/upload/img/reports/sem-sample-report.pdf',
  },
  'X 射线光电子能谱 XPS': {
    standards: ['GB/T 19500-2004 X射线光电子能谱分析方法通则', 'GB/T 22571-2017 表面化学分析 X射线光电子能谱仪 能量标尺的校准', 'ISO 15472:2010 Surface chemical analysis — X-ray photoelectron spectrometers — Calibration of energy scales'],
    samplePrep:
      'XPS 只分析表面约 10 nm，样品表面勿用手触碰，用干净镊子夹取，以锡箔纸或洁净离心管密封寄送。\n粉末不少于 20 mg，压片或撒于导电胶上；薄膜、块体不超过 5×5 mm、厚度小于 3 mm。\n样品须在超高真空下稳定、不放气；对空气敏感的样品（锂电极片、金属有机框架等）请选择手套箱惰性转移。',
    reportContents:
      '测试条件：单色 Al Kα（1486.6 eV）、束斑、通能、步长、是否中和\n荷电校正：以污染碳 C 1s 284.8 eV 校正，注明校正量\n全谱：元素定性与半定量原子百分比（灵敏度因子法）\n精细谱：所选元素的高分辨谱图与原始数据（.vgd / .xlsx）\n分峰拟合（选做）：背底类型、峰形与约束条件逐项列出',
    sampleReport: '/upload/img/reports/xps-sample-report.pdf',
  },
  '液体核磁 1H/13C（400 MHz）': {
    standards: ['JY/T 0578-2020 超导脉冲傅里叶变换核磁共振波谱测试方法通则'],
    samplePrep:
      '1H 谱约 5–10 mg，13C 谱不少于 20 mg，溶于 0.5–0.6 mL 氘代试剂，溶液高度约 4–5 cm，需完全溶解、无悬浮物（必要时过滤）。\n选择溶剂时注意残留峰位置：CDCl3 7.26 ppm、DMSO-d6 2.50 ppm、D2O 4.79 ppm，避免与目标信号重叠。\n顺磁性金属会使谱峰严重展宽，含此类成分的样品不予测试；请附结构式或预期结构，便于确定谱宽与采样参数。',
    reportContents:
      '测试条件：仪器型号与场强、探头、溶剂、温度、扫描次数、弛豫延迟\n谱图：化学位移以 TMS 或溶剂残留峰定标，标注峰位与积分\n原始数据：Bruker FID 与处理后文件（可用 MestReNova、TopSpin 打开）\n二维谱（选做）：COSY / HSQC / HMBC 谱图及参数',
    sampleReport: '/upload/img/reports/nmr-sample-report.pdf',
  },
};
