import type { PageKey } from '@lab/contract';

/** Demo content: banners, hot areas, partners, news, courses, cases, thanks, pages, settings. */

export const seedBanners = [
  { img: '/upload/img/banners/banner-1.svg', redirect: null, title: '一站式科研检测服务平台', description: '{{instruments}} 台套在线仪器 · 到样 2 小时内专属经理来电 · 上海、苏州免费上门取样' },
  { img: '/upload/img/banners/banner-2.svg', redirect: 'item:XRD 粉末衍射（物相分析）', title: 'XRD 粉末衍射 ¥60 起', description: 'Bruker D8 Advance，3–5 个工作日出数据' },
  { img: '/upload/img/banners/banner-3.svg', redirect: 'item:球差校正 STEM（HAADF 原子像）', title: '球差电镜 · 单原子催化表征', description: 'Themis Z 双球差校正，HAADF 原子像与 EELS' },
  { img: '/upload/img/banners/banner-4.svg', redirect: null, title: '高校客户先测后付', description: '完善基本信息即可开通，课题组共享预存款' },
];

export const seedHotAreas = [
  { name: '新能源电池专区', img: '/upload/img/areas/battery.svg', sketch: '极片截面、XPS 深度剖析、原位 XRD 与电化学机时', title: '结构表征', typeId: 1 },
  { name: '催化材料专区', img: '/upload/img/areas/catalysis.svg', sketch: 'BET、TPR/TPD、原位红外、球差电镜一站式', title: '物性与孔结构', typeId: 1 },
  { name: '高分子材料专区', img: '/upload/img/areas/polymer.svg', sketch: 'GPC、DSC、DMA、流变与力学性能', title: '热分析', typeId: 1 },
  { name: '生物医药专区', img: '/upload/img/areas/biomed.svg', sketch: '流式、蛋白质组学、病理切片与分子生物学', title: '生物医学', typeId: 1 },
];

/** Fictional institutions, wordmarks drawn for this demo. */
export const seedPartners = [
  { name: '华东材料研究院', img: '/upload/img/partners/partner-1.svg' },
  { name: '江南理工大学 分析测试中心', img: '/upload/img/partners/partner-2.svg' },
  { name: '长三角新能源创新中心', img: '/upload/img/partners/partner-3.svg' },
  { name: '申城生物医药研究所', img: '/upload/img/partners/partner-4.svg' },
];

interface SeedArticle {
  kind: 'news' | 'course' | 'service';
  title: string;
  img: string;
  sketch: string;
  content: string;
  author: string;
  source?: string;
  date: string;
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

export const seedArticles: SeedArticle[] = [
  { kind: 'news', date: '2026-01-08', title: '球差校正透射电镜 Themis Z 正式对外开放', img: '/upload/img/articles/news-1.svg', author: '平台运营部', sketch: '双球差校正，HAADF 分辨率 60 pm，开放 STEM-EDS 与 EELS 测试。', content: p('经过两个月的安装调试与验收，科研检测中心新引进的 Thermo Fisher Themis Z 双球差校正透射电镜自 2026 年 1 月 8 日起正式对外开放测试。', '该设备 HAADF-STEM 分辨率达 60 pm，配备 Super-X 四探头能谱与 Gatan Continuum EELS，可满足单原子催化剂、界面原子结构与价态分析需求。', '开放首月下单享 9 折优惠，详情请咨询客户经理。') },
  { kind: 'news', date: '2026-01-20', title: '2026 年春节期间样品收发安排', img: '/upload/img/articles/news-2.svg', author: '样品接收组', sketch: '2 月 12 日至 2 月 22 日暂停收样，节前最后收样日为 2 月 11 日。', content: p('春节期间（2026 年 2 月 12 日至 2 月 22 日）样品接收组暂停收样，上门取样服务同步暂停。', '节前最后收样日为 2 月 11 日 15:00，已到样的订单将在节后按到样顺序优先安排测试。', '生物样品与对温度敏感的样品请勿在此期间寄送。') },
  { kind: 'news', date: '2026-02-26', title: '苏州工业园区分析测试平台扩建完成', img: '/upload/img/articles/news-3.svg', author: '平台运营部', sketch: '新增热分析室、物性实验室与生物医药平台，苏州地区支持当日上门取样。', content: p('苏州工业园区分析测试平台 B、C 栋扩建完成，新增热分析、物性与生物医药三个实验室，实验面积达 2400 m²。', '苏州市区客户可预约当日上门取样（15:00 前下单）。') },
  { kind: 'news', date: '2026-03-15', title: '高校课题组“先测后付”服务升级', img: '/upload/img/articles/news-4.svg', author: '客户服务部', sketch: '完善基本信息的高校客户可先测试后结算，课题组负责人可统一支付成员订单。', content: p('即日起，完成基本信息认证的高校学生与教师客户可享受“先测后付”服务：测试完成后在“待结算”中统一付款。', '课题组负责人创建科研团体后，可使用团体预存款为成员订单付款，发票可按课题经费要求统一开具。') },
  { kind: 'news', date: '2026-04-10', title: '中心通过 CNAS 实验室认可复评审', img: '/upload/img/articles/news-5.svg', author: '质量管理部', sketch: '覆盖 XRD、SEM、ICP 等 46 个检测项目，报告可加盖 CNAS 标识。', content: p('4 月 8 日至 9 日，中国合格评定国家认可委员会评审组对中心进行了复评审，现场考核了 XRD、SEM、ICP-OES 等 12 个项目，中心顺利通过。', '认可范围覆盖 46 个检测项目，相关报告可加盖 CNAS 标识。') },
  { kind: 'news', date: '2026-05-18', title: '新增原位电化学拉曼与原位 DRIFTS 测试', img: '/upload/img/articles/news-6.svg', author: '光谱室', sketch: '支持电催化表面重构与催化反应中间体研究。', content: p('光谱室新增原位电化学拉曼与原位漫反射红外（DRIFTS）测试，可在施加电位或反应气氛下跟踪催化剂表面变化。') },
  { kind: 'news', date: '2026-06-30', title: '暑期学生专享：XRD、SEM、BET 测试 8 折', img: '/upload/img/articles/news-7.svg', author: '市场部', sketch: '7 月 1 日至 8 月 31 日，认证学生用户常规测试享 8 折。', content: p('暑期期间，完成学生认证的用户下单 XRD 粉末衍射、场发射 SEM、BET 比表面积享 8 折，可与满减券叠加使用。') },
  { kind: 'news', date: '2026-08-12', title: '数据交付新增 2 小时内短信、邮件、站内信三重通知', img: '/upload/img/articles/news-8.svg', author: '客户服务部', sketch: '测试完成 2 小时内通知到人，报告在线下载。', content: p('自 8 月起，订单出数据后 2 小时内将通过短信、邮件与站内信同时通知，报告与原始数据可在“我的订单”中下载。') },
  { kind: 'news', date: '2026-09-22', title: '600 MHz 超低温探头核磁上线', img: '/upload/img/articles/news-9.svg', author: '核磁室', sketch: 'TCI CryoProbe 灵敏度提升约 4 倍，适合微量天然产物。', content: p('Bruker AVANCE NEO 600 MHz 超低温探头核磁正式开放，1 mg 样品即可获得高质量 13C 谱。') },
  { kind: 'news', date: '2026-11-05', title: '2026 年度论文致谢奖励计划启动', img: '/upload/img/articles/news-10.svg', author: '市场部', sketch: '发表论文致谢本中心即可申请积分与测试券奖励。', content: p('在论文致谢中提及本中心的作者，可在“论文致谢”页面提交论文信息，审核通过后获赠积分与测试券。', '影响因子 10 以上期刊另有额外奖励。') },
  { kind: 'course', date: '2026-02-10', title: 'XRD 数据分析入门：从物相检索到 Rietveld 精修', img: '/upload/img/articles/course-1.svg', author: '晶体学组 王工', sketch: '6 课时线上课程，Jade 物相检索与 GSAS-II 精修实操。', content: p('课程面向材料、化学方向研究生，共 6 课时。', '内容：衍射基础、Jade 物相检索、结晶度与晶粒尺寸、GSAS-II Rietveld 精修实操与常见错误。') },
  { kind: 'course', date: '2026-03-18', title: 'XPS 分峰拟合实战：荷电校正与约束设置', img: '/upload/img/articles/course-2.svg', author: '表面分析室 陈博士', sketch: '讲清 C 1s 校正、Shirley 背底与自旋轨道分裂约束。', content: p('通过 Fe 2p、Co 2p、O 1s 等典型谱图讲解分峰拟合的物理约束，避免审稿人常见质疑。') },
  { kind: 'course', date: '2026-04-22', title: '扫描电镜制样与拍摄技巧', img: '/upload/img/articles/course-3.svg', author: '电镜中心 刘工', sketch: '导电处理、荷电消除、EDS 定量的注意事项。', content: p('从样品台选择、分散与喷镀，到加速电压与探头选择，结合 30 组对比照片讲解。') },
  { kind: 'course', date: '2026-06-09', title: 'BET 与孔径分析：等温线类型与模型选择', img: '/upload/img/articles/course-4.svg', author: '物性实验室 周工', sketch: 'IUPAC 等温线分类、BJH 与 DFT 模型适用范围。', content: p('讲解 BET 选点规则（Rouquerol 准则）、滞后环类型与 BJH、NLDFT 模型的选择。') },
  { kind: 'course', date: '2026-08-25', title: 'VASP 计算入门：吸附能与自由能台阶图', img: '/upload/img/articles/course-5.svg', author: '计算模拟组 何博士', sketch: '从建模、收敛测试到 OER 自由能台阶图。', content: p('课程包含 Materials Studio 建模、INCAR 参数设置、收敛测试、吸附能计算与 VASPKIT 后处理。') },
  { kind: 'course', date: '2026-10-14', title: '流式细胞数据分析：圈门策略与补偿', img: '/upload/img/articles/course-6.svg', author: '生物医药平台 孙老师', sketch: 'FlowJo 实操，凋亡、周期与多色免疫分型。', content: p('结合真实数据讲解荧光补偿、FMO 对照与圈门策略。') },
  { kind: 'service', date: '2026-01-15', title: '单原子 Pt/CeO2 催化剂的球差电镜表征', img: '/upload/img/articles/case-1.svg', author: '电镜中心', sketch: 'HAADF-STEM 直接观察 Pt 单原子分散，辅以 EELS 确认 Ce3+/Ce4+ 分布。', content: p('客户需求：证明 Pt 以单原子形式分散于 CeO2 表面。', '方案：Themis Z HAADF-STEM 成像统计亮点分布，结合 EELS 分析界面 Ce 价态。', '结果：观察到孤立 Pt 原子亮点，无团簇，协助客户论文顺利发表。') },
  { kind: 'service', date: '2026-03-02', title: '锂电池硅碳负极 SEI 膜的 XPS 深度剖析', img: '/upload/img/articles/case-2.svg', author: '表面分析室', sketch: '惰性转移 + Ar 团簇刻蚀，获得 SEI 中 LiF 与 Li2CO3 的深度分布。', content: p('采用手套箱惰性转移避免样品氧化，使用 Ar 团簇离子逐层刻蚀，获得 F 1s、C 1s、Li 1s 随深度的变化。') },
  { kind: 'service', date: '2026-04-28', title: '分子筛酸性位的吡啶红外与固体核磁联合分析', img: '/upload/img/articles/case-3.svg', author: '光谱室', sketch: '区分 Brønsted 与 Lewis 酸，并关联 27Al 骨架铝含量。', content: p('吡啶吸附原位红外定量 B 酸与 L 酸，27Al MAS NMR 区分四配位骨架铝与六配位非骨架铝。') },
  { kind: 'service', date: '2026-06-16', title: '钙钛矿薄膜的 GIWAXS 与荧光寿命研究', img: '/upload/img/articles/case-4.svg', author: 'X 射线室', sketch: '添加剂改善晶体取向，荧光寿命提升至 1.2 μs。', content: p('通过 GISAXS/GIWAXS 分析晶体择优取向，结合 TRPL 评估缺陷钝化效果。'), source: 'https://doi.org/10.1002/adma.202405123' },
  { kind: 'service', date: '2026-08-03', title: '可降解 PLA 共混物的热与流变性能评价', img: '/upload/img/articles/case-5.svg', author: '热分析室', sketch: 'DSC、DMA 与旋转流变联合评价增韧效果。', content: p('DSC 分析结晶行为，DMA 分析相容性，流变分析加工窗口，为配方优化提供依据。') },
  { kind: 'service', date: '2026-10-20', title: '小鼠肝纤维化模型的病理与蛋白组学分析', img: '/upload/img/articles/case-6.svg', author: '生物医药平台', sketch: 'Masson 染色定量与 DIA 蛋白组学揭示关键通路。', content: p('Masson 与天狼星红染色量化胶原沉积，DIA 蛋白质组学发现 TGF-β 通路相关差异蛋白。') },
];

export const seedThanks = [
  { date: '2026-10-28', company: '华东理工大学 化学与分子工程学院', title: 'XPS、球差电镜', code: 'Advanced Materials, 2026, 38: 2405123', content: 'We thank 科研检测中心 for XPS and AC-STEM measurements.', sketch: '报道了一种单原子 Pt 负载 CeO2 催化剂，在低温 CO 氧化中表现出优异活性。', source: 'https://doi.org/10.1002/adma.202405123' },
  { date: '2026-10-02', company: '江南理工大学 材料科学与工程学院', title: 'XRD、SEM、BET', code: 'ACS Catalysis, 2026, 16: 3321–3332', content: '感谢科研检测中心提供 XRD、SEM 与 BET 测试服务。', sketch: '设计了层级孔 ZSM-5 分子筛，提升了甲醇制烯烃反应寿命。', source: 'https://doi.org/10.1021/acscatal.6b01234' },
  { date: '2026-09-15', company: '长三角新能源创新中心', title: 'XPS 深度剖析、截面 SEM', code: 'Energy & Environmental Science, 2026, 19: 1802–1815', content: 'The authors acknowledge the Lab Testing Center for XPS depth profiling.', sketch: '揭示了硅碳负极 SEI 膜的分层结构及其与循环寿命的关系。', source: null },
  { date: '2026-08-21', company: '申城生物医药研究所', title: '流式细胞、蛋白质组学', code: 'Nature Communications, 2026, 17: 4521', content: '感谢科研检测中心生物医药平台在流式与蛋白组学实验中的帮助。', sketch: '发现了一种调控肝星状细胞活化的新型蛋白靶点。', source: 'https://doi.org/10.1038/s41467-026-04521-x' },
  { date: '2026-07-30', company: '东南化工学院 化学化工学院', title: '液体核磁、高分辨质谱', code: 'Journal of the American Chemical Society, 2026, 148: 9876–9884', content: 'We thank the testing center for NMR and HRMS characterization.', sketch: '报道了可见光催化的不对称 C–H 官能团化反应。', source: null },
  { date: '2026-06-18', company: '华东材料研究院', title: 'EBSD、XRD 织构', code: 'Acta Materialia, 2026, 285: 120654', content: '感谢科研检测中心提供 EBSD 与织构测试。', sketch: '研究了轧制变形对镁合金织构与力学各向异性的影响。', source: 'https://doi.org/10.1016/j.actamat.2026.120654' },
  { date: '2026-05-09', company: '江南理工大学 环境学院', title: '水质检测、ICP-MS', code: 'Water Research, 2026, 251: 121288', content: '感谢科研检测中心环境实验室提供水质与重金属检测。', sketch: '评估了太湖流域典型支流中重金属的时空分布与生态风险。', source: null },
  { date: '2026-04-12', company: '浙东大学 高分子科学与工程学系', title: 'GPC、DSC、DMA', code: 'Macromolecules, 2026, 59: 2211–2223', content: 'The authors thank the testing center for GPC and thermal analysis.', sketch: '合成了一类可闭环回收的聚酯，兼具高韧性与可降解性。', source: null },
  { date: '2026-03-05', company: '长三角新能源创新中心', title: '原位 XRD、DFT 计算', code: 'Angewandte Chemie International Edition, 2026, 65: e202601234', content: '感谢科研检测中心计算模拟组提供 DFT 计算支持。', sketch: '结合原位 XRD 与 DFT 计算揭示了高镍正极的相变机理。', source: 'https://doi.org/10.1002/anie.202601234' },
  { date: '2026-01-26', company: '华东理工大学 材料科学与工程学院', title: '拉曼、TEM', code: 'Carbon, 2026, 228: 119302', content: '感谢科研检测中心提供拉曼光谱与透射电镜测试。', sketch: '制备了氮掺杂石墨烯气凝胶并研究其电磁屏蔽性能。', source: null },
  { date: '2026-01-10', company: '申城生物医药研究所', title: '病理切片、免疫组化', code: 'Hepatology, 2026, 83: 412–426', content: '感谢科研检测中心病理平台的切片与染色服务。', sketch: '揭示了代谢相关脂肪性肝病中巨噬细胞极化的调控机制。', source: null },
];

const h = (title: string, ...paragraphs: string[]) => `<h2>${title}</h2>${p(...paragraphs)}`;

export const seedPages: { key: PageKey; title: string; content: string }[] = [
  { key: 'profile', title: '公司简介', content: h('关于我们', '科研检测中心成立于 {{founded}} 年，总部位于上海市徐汇区，在苏州工业园区设有分析测试平台，实验面积 8000 m²。平台在线开放 XRD、球差电镜、XPS、核磁、质谱等仪器 {{instruments}} 台套，每台仪器的型号、执行标准与样品要求都写在对应的项目页上。', '中心已在本平台完成检测订单 {{ordersDone}} 单，注册客户 {{customers}} 位。资质证书及其有效期见“资质证书”页；报告按项目页所列标准出具，数据可追溯到原始谱图与仪器记录。') + '<ul><li>上海·徐汇 科研检测中心（总部）</li><li>苏州·工业园区 分析测试平台</li></ul>' },
  { key: 'culture', title: '企业文化', content: h('使命', '让每一份科研数据都准确、及时、可追溯。') + h('价值观', '严谨：按标准方法测试，数据可复现。', '及时：到样 2 小时内经理来电，出数据 2 小时内通知。', '开放：仪器机时对外开放，与科研人员共同成长。') },
  { key: 'recruit', title: '招贤纳士', content: h('招聘岗位', '电镜工程师（上海）：材料或物理相关专业硕士及以上，熟悉 SEM/TEM 操作。', '客户经理（苏州）：本科及以上，理工科背景，有科研服务经验优先。', '数据分析工程师（远程可）：熟悉 XRD 精修、XPS 分峰，有论文发表经历优先。') + p('简历请发送至 hr@labtest.cn，邮件标题注明“岗位 + 姓名”。') },
  { key: 'contact', title: '联系我们', content: h('联系方式', '地址：上海市徐汇区桂平路 680 号 科研检测中心', '服务热线：400-820-6688（周一至周六 8:30–18:30）', '邮箱：service@labtest.cn') + h('样品寄送', '收件人：样品接收组，电话 021-64850000，地址：上海市徐汇区桂平路 680 号 3 号楼 1 楼样品室。') },
  { key: 'guide', title: '下单指南', content: h('下单流程', '1. 注册并完善基本信息；2. 选择检测项目，填写样品信息加入实验计划；3. 提交订单并签署委托协议；4. 寄送样品或预约上门取样；5. 到样后 2 小时内专属经理来电确认；6. 测试完成 2 小时内通知，在线下载报告；7. 结算与开具发票。') + h('寄样须知', '请在包裹内附订单号；易吸潮、易氧化样品请真空或惰性气体封装；危险样品须提前申报。') },
  { key: 'license', title: '资质证书', content: h('关于资质', '下列证书均在有效期内；证书过期后不再在此展示。报告是否可加盖 CNAS 或 CMA 标识，以证书所附认可范围为准，下单前可向客户经理确认具体项目是否在范围内。') },
  { key: 'policy', title: '服务条款与隐私政策', content: h('服务条款', '本平台提供的检测数据仅对来样负责；客户应如实申报样品的危险特性；测试方法如无特别约定按实验室标准操作规程执行。') + h('隐私政策', '我们仅为提供检测服务收集必要的个人信息（姓名、手机号、单位、地址），不会向第三方出售；您可以随时在“个人信息”中查看与修改。') },
];

export const seedSettings = {
  /** 上海市 (310000, 市辖区 310100) and 江苏省苏州市 (320500): free door pickup */
  allowRegion: ['310000', '310100', '320500'],
  samplingSetting: {
    disabled_date: ['2026-10-01', '2026-10-02', '2026-10-03'],
    disabled_date_time: [],
    disabled_time: null,
    disabled_week: [0],
    invalid_disabled_date: [],
    sampling_time1: '09:00',
    sampling_time2: '11:00',
    sampling_time3: '14:00',
    sampling_time4: '16:00',
    WxTip1: '上门取样仅限上海市、苏州市；当天 15:00 后下单顺延至次日。',
  },
  localInfo: {
    address: '上海市徐汇区桂平路 680 号 科研检测中心',
    phone: '400-820-6688',
    email: 'service@labtest.cn',
    express: '收件人：样品接收组 021-64850000 上海市徐汇区桂平路 680 号 3 号楼 1 楼样品室',
  },
  /** 备案与主体信息: the founding year only. ICP and 公安 filings, the company and its licence are real records staff enter in 站点设置; the demo never invents them. */
  siteIdentity: { icp: '', police: '', company: '', licenceImg: '', founded: 2016 },
  abilityShowcase: {
    sections: [
      { title: '电子显微平台', sketch: '冷场 SEM、热场 SEM、FIB 双束、200 kV 场发射 TEM 与双球差校正 STEM，覆盖从微米到亚埃的形貌与结构观察。', img: '/upload/img/showcase/microscopy.svg' },
      { title: 'X 射线与表面分析平台', sketch: '粉末/单晶/薄膜 XRD、SAXS、XPS/UPS 与 XRF，提供结构、成分与价态的完整链条。', img: '/upload/img/showcase/xray.svg' },
      { title: '波谱与质谱平台', sketch: '400/600 MHz 液体核磁、固体核磁、EPR、GC-MS、LC-HRMS，服务有机合成与天然产物研究。', img: '/upload/img/showcase/spectra.svg' },
      { title: '生物医药平台', sketch: '流式、共聚焦、病理与蛋白质组学，从样本处理到生信分析一站式交付。', img: '/upload/img/showcase/biology.svg' },
    ],
  },
};

/**
 * 资质证书 of the demo: illustrations (demo), so the back office labels them 演示数据 and the
 * public page shows them as 示例证书 without a number. Validity relative to the seeding day,
 * so the demo never shows an expired certificate nor one already due.
 */
export const seedCertificates = [
  { name: 'CNAS 实验室认可证书', img: '/upload/img/certificates/cnas.svg', number: 'CNAS L-DEMO-01', issuer: '中国合格评定国家认可委员会（示例）', scope: '示例：X 射线衍射物相分析、扫描电镜形貌观察、电感耦合等离子体发射光谱元素测定等项目，具体以证书附件为准。', years: 6 },
  { name: '检验检测机构资质认定证书（CMA）', img: '/upload/img/certificates/cma.svg', number: 'CMA-DEMO-02', issuer: '上海市市场监督管理局（示例）', scope: '示例：材料成分与结构检测、环境水质检测，具体以证书附表为准。', years: 6 },
  { name: 'ISO 9001 质量管理体系认证证书', img: '/upload/img/certificates/iso9001.svg', number: 'ISO9001-DEMO-03', issuer: '认证机构（示例）', scope: '示例：材料分析检测服务及相关技术咨询。', years: 3 },
];
