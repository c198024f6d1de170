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
  { kind: 'news', date: '2026-01-08', title: '球差校正透射电镜 Themis Z 正式对外开放', img: '/upload/img/articles/news-1.svg', author: '平台运营部', sketch: '双球差校正，HAADF-STEM 分辨率 60 pm，开放 STEM-EDS 与 EELS 测试。', content: p(
    '经过两个月的安装调试与验收，科研检测中心新引进的 Thermo Fisher Themis Z 双球差校正透射电镜自 2026 年 1 月 8 日起对外开放测试。',
    '普通透射电镜的分辨率受物镜球差限制，高分辨像中原子位置容易被离焦衬度“模糊”。球差校正器用多极透镜抵消这部分像差，使会聚电子束在样品上聚焦到亚埃尺度。Themis Z 的 HAADF-STEM 分辨率达 60 pm，高角环形暗场像的衬度近似与原子序数的 1.7–2 次方成正比，重原子在轻载体上呈现为清晰的亮点，因此特别适合观察单原子催化剂、界面原子排列与掺杂位点。',
    '设备配备 Super-X 四探头能谱，可在数分钟内完成原子尺度的元素面分布；Gatan Continuum 能量过滤器支持 EELS 测量，用于区分 Ce3+/Ce4+、Mn2+/Mn3+ 等价态。',
    '电子束敏感样品（MOF、有机–无机杂化钙钛矿、沸石）建议选择低剂量模式或降低加速电压至 60 kV，并在下单时备注，工程师会据此调整拍摄方案。',
  ) },
  { kind: 'news', date: '2026-01-20', title: '2026 年春节期间样品收发安排', img: '/upload/img/articles/news-2.svg', author: '样品接收组', sketch: '2 月 12 日至 2 月 22 日暂停收样，节前最后收样日为 2 月 11 日。', content: p(
    '春节期间（2026 年 2 月 12 日至 2 月 22 日）样品接收组暂停收样，上门取样服务同步暂停，节后 2 月 23 日起恢复。',
    '节前最后收样日为 2 月 11 日 15:00。已到样的订单将在节后按到样顺序安排测试，测试周期从恢复收样当日起计算；节前已完成的测试，报告仍会按时在线交付。',
    '快递在假期中常有积压与高温、低温暴露的风险，以下样品请不要在此期间寄出：生物样品（细胞、组织、血清）、需冷链的试剂、对湿度敏感的电池材料与 MOF、易挥发的液体样品。已寄出但在假期送达的包裹由值班人员代收，放入常温干燥柜保存；需要低温保存的请提前联系客户经理安排。',
  ) },
  { kind: 'news', date: '2026-02-26', title: '苏州工业园区分析测试平台扩建完成', img: '/upload/img/articles/news-3.svg', author: '平台运营部', sketch: '新增热分析室、物性实验室与生物医药平台，苏州地区支持当日上门取样。', content: p(
    '苏州工业园区分析测试平台 B、C 栋扩建完成，新增热分析、物性与生物医药三个实验室，实验面积达 2400 m²。',
    '热分析室配置热重（TGA）、差示扫描量热（DSC）、动态热机械分析（DMA）与激光导热仪，实验室恒温 23 ± 2 ℃，天平室独立防振，保证微克级质量变化的重复性。物性实验室承担比表面积与孔径分布（BET）、激光粒度、Zeta 电位与万能力学测试，气体吸附仪使用液氮（77 K）N2 吸附与 273 K CO2 吸附两种方式，分别覆盖介孔与超微孔。',
    '生物医药平台具备 BSL-2 条件，开展流式细胞、病理切片与蛋白质组学测试。',
    '苏州市区客户当天 15:00 前下单可预约当日上门取样，样品在 2 小时内送达实验室，减少运输对样品的影响。',
  ) },
  { kind: 'news', date: '2026-03-15', title: '高校课题组“先测后付”服务升级', img: '/upload/img/articles/news-4.svg', author: '客户服务部', sketch: '完善基本信息的高校客户可先测试后结算，课题组负责人可统一支付成员订单。', content: p(
    '即日起，完成基本信息认证的高校学生与教师客户可享受“先测后付”：订单提交后即可寄样测试，测试完成后在“待结算”中统一付款。',
    '课题组负责人可创建科研团体并邀请成员加入。成员下单时选择“团体支付”，费用从团体预存款中扣除，负责人在“团体账单”中可以按成员、按项目查看每一笔支出，便于课题经费的报销与审计。',
    '发票可按课题经费要求开具增值税普通发票或专用发票，开票内容为“检测服务费”，抬头与税号在“发票信息”中维护。对账单、委托协议与检测报告可在订单中下载，满足多数高校财务处的报销材料要求。',
  ) },
  { kind: 'news', date: '2026-04-10', title: '读懂检测报告上的 CNAS 与 CMA 标识', img: '/upload/img/articles/news-5.svg', author: '质量管理部', sketch: 'CNAS 是实验室能力的认可，CMA 是对社会出具证明数据的法定资质，二者适用场景不同。', content: p(
    'CNAS（中国合格评定国家认可委员会）认可依据 ISO/IEC 17025《检测和校准实验室能力的通用要求》，评审实验室的管理体系与技术能力，认可结果在国际实验室认可合作组织（ILAC）互认框架内得到承认。报告加盖 CNAS 标识，说明该项目在实验室的认可范围内。',
    'CMA 是检验检测机构资质认定标志，由市场监督管理部门依法实施。向社会出具具有证明作用的数据和结果（例如产品质量、环境监测、司法鉴定用途）时，机构必须取得资质认定，并且只能在认定的项目与标准范围内加盖 CMA 标志。',
    '科研论文用的数据一般不要求加盖标识；用于产品送检、项目验收或招投标时，请在下单前确认所需项目与依据的标准是否在证书附表范围内。本平台的资质证书及有效期列在“资质证书”页，过期证书不再展示。',
  ) },
  { kind: 'news', date: '2026-05-18', title: '新增原位电化学拉曼与原位 DRIFTS 测试', img: '/upload/img/articles/news-6.svg', author: '光谱室', sketch: '在施加电位或反应气氛下跟踪催化剂表面，支持电催化表面重构与反应中间体研究。', content: p(
    '光谱室新增原位电化学拉曼与原位漫反射红外（DRIFTS）测试。',
    '电化学拉曼在三电极电解池中进行，工作电极正对物镜，可在施加恒电位或线性扫描的同时采谱。以 NiFe 基析氧催化剂为例，电位升高到 1.4 V vs. RHE 以上时，约 475 与 555 cm⁻¹ 处出现 NiOOH 的特征峰，可据此判断活性相的生成电位与可逆性。',
    'DRIFTS 反应池可加热至 500 ℃ 并通入 CO、H2、NH3 等气体，用于识别吸附物种与反应中间体：例如 CO 在 Pt 上的线式吸附（约 2070 cm⁻¹）与桥式吸附（约 1850 cm⁻¹），或 NH3 在 Brønsted 酸位与 Lewis 酸位上的不同吸附峰。',
    '原位测试需要根据体系设计条件，请下单前与工程师沟通电解液、电位程序或气氛与温度程序。',
  ) },
  { kind: 'news', date: '2026-06-30', title: '暑期学生专享：XRD、SEM、BET 测试 8 折', img: '/upload/img/articles/news-7.svg', author: '市场部', sketch: '7 月 1 日至 8 月 31 日，认证学生用户常规测试享 8 折。', content: p(
    '7 月 1 日至 8 月 31 日，完成学生认证的用户下单 XRD 粉末衍射、场发射 SEM、BET 比表面积享 8 折，可与满减券叠加使用。',
    '暑期是毕业论文与投稿的集中期，几点建议帮助一次测准：XRD 粉末请研磨到手捻无颗粒感，避免择优取向导致峰强比例失真；SEM 样品如需做能谱，请选择喷碳而不是喷金，以免 Au 的 M 线干扰 P、S 等元素；BET 测试前样品需要脱气，含结晶水或有机配体的样品请注明可承受的最高脱气温度，避免结构坍塌。',
    '优惠以下单时的价格为准，已提交的订单不重新计价。',
  ) },
  { kind: 'news', date: '2026-08-12', title: '数据交付新增 2 小时内短信、邮件、站内信三重通知', img: '/upload/img/articles/news-8.svg', author: '客户服务部', sketch: '测试完成 2 小时内通知到人，报告与原始数据在线下载。', content: p(
    '自 8 月起，订单出数据后 2 小时内将通过短信、邮件与站内信同时通知，报告与原始数据可在“我的订单”中下载。',
    '每份交付包含两部分：测试报告（PDF），写明样品信息、执行标准、仪器与测试条件、结果及说明；原始数据，保留仪器软件的原始格式（如 XRD 的 .raw、XPS 的 .vgd、NMR 的 FID），并附常用软件可读的通用格式，方便重新处理与论文审稿时提供。',
    '原始数据在交付后保存 180 天，到期前 7 天会再次提醒下载。对结果有疑问可在交付后 15 日内申请复核，工程师会说明测试过程并在必要时重新测试。',
  ) },
  { kind: 'news', date: '2026-09-22', title: '600 MHz 超低温探头核磁上线', img: '/upload/img/articles/news-9.svg', author: '核磁室', sketch: 'TCI CryoProbe 灵敏度提升约 4 倍，适合微量天然产物。', content: p(
    'Bruker AVANCE NEO 600 MHz 超低温探头核磁正式开放。',
    '超低温探头用氦气把射频线圈冷却到约 20 K，前置放大器也在低温下工作，电子学热噪声大幅降低，1H 与 13C 的信噪比较同场强室温探头提升约 4 倍。由于信噪比与扫描次数的平方根成正比，同样的信噪比所需时间约缩短为原来的 1/16，这让 1 mg 左右的天然产物也能在合理时间内得到 13C 谱和 HMBC 等二维谱。',
    '更高的场强还带来更好的化学位移分散，复杂糖链、多肽中重叠的信号更容易分开。测试微量样品时建议使用 3 mm 核磁管或 Shigemi 管以减少溶剂用量，并尽量除去残留的水与顺磁性杂质。',
  ) },
  { kind: 'news', date: '2026-11-05', title: '2026 年度论文致谢奖励计划启动', img: '/upload/img/articles/news-10.svg', author: '市场部', sketch: '发表论文致谢本中心即可申请积分与测试券奖励。', content: p(
    '在论文致谢中提及本中心的作者，可在“论文致谢”页面提交论文信息，审核通过后获赠积分与测试券。',
    '提交时请提供期刊名、卷期页码或 DOI，以及致谢原文截图。审核人员会核对论文中使用的测试项目与平台订单是否对应，一般在 5 个工作日内完成。',
    '致谢可参考以下写法：“The authors thank the Lab Testing Center for XRD and XPS measurements.” 如论文中的数据由本中心工程师参与分析，也欢迎在方法部分注明所用仪器型号与测试条件，这有助于读者复现实验。',
    '影响因子 10 以上期刊另有额外奖励，具体以活动页面说明为准。',
  ) },
  { kind: 'course', date: '2026-02-10', title: 'XRD 数据分析入门：从物相检索到 Rietveld 精修', img: '/upload/img/articles/course-1.svg', author: '晶体学组 王工', sketch: '6 课时线上课程，Jade 物相检索与 GSAS-II 精修实操。', content: p(
    '课程面向材料、化学方向研究生，共 6 课时，线上直播并提供回放。',
    '第 1–2 课时讲衍射基础：布拉格方程 2d sinθ = nλ 把峰位与晶面间距联系起来；峰强取决于结构因子、多重性因子、洛伦兹–偏振因子与择优取向；峰宽来自仪器宽化、晶粒尺寸与微观应变。',
    '第 3–4 课时在 Jade 中完成物相检索、RIR 半定量，并用 Scherrer 公式 D = Kλ/(β cosθ) 估算晶粒尺寸，强调 β 必须扣除仪器宽化、且公式只适用于约 100 nm 以下的晶粒。',
    '第 5–6 课时用 GSAS-II 做 Rietveld 精修：先精修背底、零点与晶胞参数，再放开峰形与原子坐标，通过 Rwp、χ² 和差值曲线判断结果是否可信，并讲解审稿中常见的问题。',
  ) },
  { kind: 'course', date: '2026-03-18', title: 'XPS 分峰拟合实战：荷电校正与约束设置', img: '/upload/img/articles/course-2.svg', author: '表面分析室 陈博士', sketch: '讲清 C 1s 校正、Shirley 背底与自旋轨道分裂约束。', content: p(
    '分峰拟合的结果是否可信，取决于每一个参数有没有物理依据。本课程通过 Fe 2p、Co 2p、O 1s 等典型谱图讲解常见约束。',
    '荷电校正：绝缘样品表面带正电，谱峰整体向高结合能偏移，常以污染碳 C 1s 284.8 eV 校正，但要知道这一参考本身有约 ±0.2 eV 的不确定度，报告中应写明校正方法。',
    '背底与峰形：多数情况下使用 Shirley 背底；金属态峰呈不对称拖尾，氧化物峰可用高斯–洛伦兹混合线形。',
    '自旋轨道分裂：p、d、f 轨道的双峰面积比固定为 1:2、2:3、3:4，分裂能也有固定值（如 Fe 2p 约 13.6 eV），拟合时应锁定。过渡金属的多重分裂与卫星峰不能随意用“更多的峰”来填平。',
  ) },
  { kind: 'course', date: '2026-04-22', title: '扫描电镜制样与拍摄技巧', img: '/upload/img/articles/course-3.svg', author: '电镜中心 刘工', sketch: '导电处理、荷电消除、EDS 定量的注意事项。', content: p(
    '同一个样品，制样与参数不同，照片可能判若两样。本课程结合 30 组对比照片讲解。',
    '分散：纳米粉末用乙醇超声后滴在硅片上，浓度宁稀勿浓；直接撒在导电胶上时要吹去浮粉，防止颗粒被吸入镜筒。',
    '导电处理：不导电样品会积累电荷，表现为图像发亮、漂移、条纹。喷金 5–10 nm 最常用；高倍观察纳米结构时，金颗粒本身可能成为“伪结构”，可改喷铂或降低加速电压，利用低电压下入射与出射电子接近平衡的原理减轻荷电。',
    'EDS：需要足够的过压比，通常加速电压取待测元素特征 X 射线能量的 2 倍以上；无标样定量对轻元素误差较大，C、N、O 的含量只宜作半定量参考。',
  ) },
  { kind: 'course', date: '2026-06-09', title: 'BET 与孔径分析：等温线类型与模型选择', img: '/upload/img/articles/course-4.svg', author: '物性实验室 周工', sketch: 'IUPAC 等温线分类、BJH 与 DFT 模型适用范围。', content: p(
    '按 IUPAC 2015 分类，微孔材料多为 I 型等温线，介孔材料为带滞后环的 IV 型，无孔或大孔材料为 II 型。看懂等温线，才能选对模型。',
    'BET 比表面积：经典选点范围是 P/P0 = 0.05–0.30，但对微孔材料往往不适用。应按 Rouquerol 准则选点：n(1−P/P0) 随 P/P0 单调增加、C 常数为正，且所得单层吸附量对应的相对压力落在所选区间内。',
    '孔径分布：BJH 基于 Kelvin 方程，适用于约 2–50 nm 的介孔，对小介孔会低估孔径；NLDFT/QSDFT 以分子模拟的核函数拟合整条等温线，可同时描述微孔和介孔，但需选择与材料孔形和表面化学相符的核。',
    '样品前处理同样重要：脱气温度不足会残留水分，过高则可能破坏骨架。',
  ) },
  { kind: 'course', date: '2026-08-25', title: 'VASP 计算入门：吸附能与自由能台阶图', img: '/upload/img/articles/course-5.svg', author: '计算模拟组 何博士', sketch: '从建模、收敛测试到 OER 自由能台阶图。', content: p(
    '课程从一个完整的析氧反应（OER）算例出发，讲解第一性原理计算的基本流程。',
    '建模与收敛：切出表面后保留足够的真空层（通常 ≥ 15 Å）并固定底部原子；对截断能（ENCUT）与 k 点网格做收敛测试，使总能量变化小于约 1 meV/原子。',
    '吸附能：E_ads = E(表面+吸附物) − E(表面) − E(吸附物参考态)，参考态的选取要在文中写明。',
    '自由能台阶图：按计算氢电极模型，ΔG = ΔE + ΔZPE − TΔS，在 U = 0 V 下得到 OH*、O*、OOH* 各步的自由能变化，其中最大的一步决定理论过电位 η = max(ΔG)/e − 1.23 V。课程还会演示用 VASPKIT 做态密度与差分电荷的后处理。',
  ) },
  { kind: 'course', date: '2026-10-14', title: '流式细胞数据分析：圈门策略与补偿', img: '/upload/img/articles/course-6.svg', author: '生物医药平台 孙老师', sketch: 'FlowJo 实操，凋亡、周期与多色免疫分型。', content: p(
    '流式数据的结论，往往在圈门那一步就已决定。课程结合真实数据在 FlowJo 中演示。',
    '基本圈门：先用 FSC-A/SSC-A 圈出目标细胞、排除碎片，再用 FSC-A/FSC-H 去除粘连体，必要时加活死染料排除死细胞。',
    '荧光补偿：不同荧光素的发射光谱相互重叠，需要用单染对照计算补偿矩阵；补偿应基于与样品相同的荧光素和电压设置。',
    '阴性界限：多色实验中，用 FMO（荧光减一）对照确定每个通道的阳性界限，比用同型对照更可靠。',
    '常见应用：Annexin V/PI 双染区分早期凋亡（Annexin V⁺/PI⁻）与晚期凋亡或坏死细胞；PI 染色结合 RNase 处理分析细胞周期的 G0/G1、S、G2/M 比例。',
  ) },
  { kind: 'service', date: '2026-01-15', title: '单原子 Pt/CeO2 催化剂的球差电镜表征', img: '/upload/img/articles/case-1.svg', author: '电镜中心', sketch: 'HAADF-STEM 直接观察 Pt 单原子分散，辅以 EELS 确认 Ce3+/Ce4+ 分布。', content: p(
    '客户需求：证明 Pt 以单原子形式分散于 CeO2 表面，而不是形成亚纳米团簇。',
    '方案：Pt（Z = 78）与 Ce（Z = 58）的原子序数差距不算大，HAADF 衬度差别有限，因此选择 CeO2 较薄的边缘区域、沿 [110] 带轴拍摄，并降低束流、缩短驻留时间以减少电子束诱导的原子迁移。对 20 余个视野统计亮点的分布与强度，结合 EDS 确认亮点含 Pt。',
    'EELS 方面，Ce M4,5 边的峰强比与峰位可区分 Ce3+ 与 Ce4+，线扫显示 Pt 附近 Ce3+ 比例升高，说明存在氧空位与 Pt–O–Ce 界面作用。',
    '结果：视野中观察到孤立的 Pt 原子亮点，未见团簇；成像结论与客户的 CO 吸附红外结果（仅有线式吸附峰）一致。',
  ) },
  { kind: 'service', date: '2026-03-02', title: '锂电池硅碳负极 SEI 膜的 XPS 深度剖析', img: '/upload/img/articles/case-2.svg', author: '表面分析室', sketch: '惰性转移 + Ar 团簇刻蚀，获得 SEI 中 LiF 与 Li2CO3 的深度分布。', content: p(
    '客户需求：比较两种电解液添加剂下硅碳负极 SEI 膜的组成与厚度差异。',
    '方案：循环后的极片在手套箱中拆解、用 DMC 淋洗，装入真空转移仓送入 XPS，全程不接触空气，避免 Li 物种与水、CO2 反应生成假象。刻蚀选用 Ar 团簇离子源，比单原子 Ar⁺ 对有机组分的还原与择优溅射小得多。',
    '每刻蚀一段采集 F 1s、C 1s、O 1s、Li 1s、Si 2p 精细谱：F 1s 中 LiF 约 685 eV，C 1s 中 Li2CO3 的碳酸根约 290 eV，Si 2p 中 Si⁰ 约 99 eV。',
    '结果：含 FEC 添加剂的样品表层 LiF 比例更高，有机碳酸酯层更薄，Si⁰ 信号在更浅的刻蚀深度出现，说明形成了更薄且富含 LiF 的 SEI。',
  ) },
  { kind: 'service', date: '2026-04-28', title: '分子筛酸性位的吡啶红外与固体核磁联合分析', img: '/upload/img/articles/case-3.svg', author: '光谱室', sketch: '区分 Brønsted 与 Lewis 酸，并关联 27Al 骨架铝含量。', content: p(
    '客户需求：解释脱铝处理后 ZSM-5 催化剂寿命变化的原因。',
    '吡啶吸附红外：样品自支撑压片、真空活化后吸附吡啶，分别在 150 ℃ 与 350 ℃ 脱附后采谱。约 1545 cm⁻¹ 为吡啶与 Brønsted 酸位形成的吡啶鎓离子，约 1455 cm⁻¹ 为与 Lewis 酸位配位的吡啶；按摩尔消光系数积分计算两类酸量，350 ℃ 脱附后的结果反映强酸。',
    '27Al MAS NMR：约 55 ppm 为四配位骨架铝，对应 Brønsted 酸位的来源；约 0 ppm 为六配位非骨架铝，常与 Lewis 酸相关。',
    '结果：脱铝后四配位铝比例下降、强 B 酸量减少，积炭速率降低，与催化寿命延长相符。',
  ) },
  { kind: 'service', date: '2026-06-16', title: '钙钛矿薄膜的 GIWAXS 与荧光寿命研究', img: '/upload/img/articles/case-4.svg', author: 'X 射线室', sketch: '添加剂改善晶体取向，荧光寿命明显延长。', content: p(
    '客户需求：评价一种添加剂对 FAPbI3 基钙钛矿薄膜结晶取向与缺陷的影响。',
    'GIWAXS：入射角取 0.3°（穿透整个膜厚）与 0.1°（表层）两组。对照膜的 (100) 衍射呈完整的德拜环，说明晶粒随机取向；加入添加剂后衍射集中在面外方向的弧段，表明晶粒择优沿 (100) 面平行于基底排列，有利于垂直方向的载流子传输。同时检查了约 12.7°（Cu Kα 等效 2θ）处 PbI2 残留峰的强度。',
    'TRPL：用双指数函数拟合荧光衰减，平均寿命由数百纳秒延长到微秒量级，结合稳态荧光强度提高，说明非辐射复合减少、缺陷得到钝化。',
  ), source: 'https://doi.org/10.1002/adma.202405123' },
  { kind: 'service', date: '2026-08-03', title: '可降解 PLA 共混物的热与流变性能评价', img: '/upload/img/articles/case-5.svg', author: '热分析室', sketch: 'DSC、DMA 与旋转流变联合评价增韧效果。', content: p(
    '客户需求：评价 PLA 与柔性聚酯共混后的相容性、结晶行为与加工窗口。',
    'DSC：采用“升温–降温–二次升温”程序消除热历史，读取玻璃化转变温度 Tg（约 60 ℃）、冷结晶峰与熔融峰，按 Xc = (ΔHm − ΔHcc)/(w·ΔHm⁰) 计算结晶度，ΔHm⁰ 取 93 J/g，w 为 PLA 质量分数。',
    'DMA：在 1 Hz 下测 tanδ 峰。若共混物出现两个分别接近两组分的 tanδ 峰，说明两相不相容；两峰相互靠拢则表明有一定相容性。',
    '旋转流变：在 190 ℃ 做频率扫描，低频区储能模量 G′ 的平台化提示形成了相界面网络，复数黏度用于确定挤出与注塑的温度窗口。',
  ) },
  { kind: 'service', date: '2026-10-20', title: '小鼠肝纤维化模型的病理与蛋白组学分析', img: '/upload/img/articles/case-6.svg', author: '生物医药平台', sketch: 'Masson 染色定量与 DIA 蛋白组学揭示关键通路。', content: p(
    '客户需求：评估候选药物对 CCl4 诱导小鼠肝纤维化的改善作用。',
    '病理：肝组织石蜡切片分别做 HE、Masson 三色与天狼星红染色。Masson 染色中胶原呈蓝色，每只动物随机取不少于 5 个视野，用图像分析软件计算胶原阳性面积百分比；天狼星红在偏振光下可区分 I 型与 III 型胶原。阅片采用盲法评分。',
    '蛋白组学：采用 DIA（数据非依赖采集）质谱定量，每组 6 个生物学重复，差异蛋白以校正后 P < 0.05 且倍数变化 > 1.5 筛选。',
    '结果：给药组胶原面积显著下降；差异蛋白富集于 TGF-β 信号与细胞外基质组织通路，α-SMA、Col1a1 等纤维化标志物表达下调，与病理结果相互印证。',
  ) },
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
  { key: 'guide', title: '下单指南', content: h('下单流程', '1. 注册并完善基本信息；2. 选择检测项目，填写样品信息加入实验计划；3. 提交订单并签署委托协议；4. 寄送样品或预约上门取样；5. 到样后 2 小时内专属经理来电确认；6. 测试完成 2 小时内通知，在线下载报告；7. 结算与开具发票。') + h('寄样须知', '请在包裹内附订单号；易吸潮、易氧化样品请真空或惰性气体封装；危险样品须提前申报。') +
      h('发票', '在线支付（微信支付、支付宝）的订单，下单时选择的发票类型与抬头在支付成功后自动提交开票申请，订单页可查看开票进度并下载电子发票；预存款充值按充值金额开票，用预存款支付的订单不再重复开票。也可在“发票记录”中自行申请。增值税专用发票需先在“发票信息”中完善税号、开户行与地址。') +
      h('经费报销', '订单页可下载委托协议、测试明细清单、缴费通知书与检测报告；“对账单”可按期间导出 Excel，并一键生成该期间的报销材料包。使用经费卡支付的订单附经费卡对账单。') +
      h('修改与取消订单', '订单确认前可联系客户经理修改样品信息或检测条件；寄出样品前可在订单页自行取消。样品到达实验室后取消，需与客户经理协商已发生的制样与测试费用。') +
      h('退款', '取消已支付的订单时，在线支付的部分原路退回微信或支付宝（通常 1–3 个工作日到账），预存款支付的部分退回预存款账户，可在“资金明细”中查看。') +
      h('危险样品包装', '易燃、腐蚀、有毒、放射性或生物样品须在下单时如实申报危险特性，并随附 MSDS；液体样品用螺口瓶加封口膜，外加防漏袋与吸附材料；粉末样品双层密封；含锂电池或压缩气体的样品请先咨询客户经理，不得普通快递寄送。') +
      h('上门取样', '上海、苏州市区提供免费上门取样，在下单时选择“上门取样”并预约日期与时段；其他城市请选择快递寄样，运费由寄件方承担。') },
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
  siteIdentity: { icp: '', police: '', company: '', licenceImg: '', founded: 2016, qrOfficial: '', qrConsult: '', qrMiniapp: '' },
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
