/**
 * The words the demo history (history.seed.ts) draws its customers and samples from. People's
 * names are put together from common surnames and given-name characters (no real person is
 * meant); institutions are universities and institutes by their public names with a school or
 * college, companies are made up from a city, a word and a trade. Phones are the seed's test
 * range (138 0013 xxxx), e-mails under example.* (RFC 2606).
 */

export const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'];

export const givenChars = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏飞鑫宇浩然晨阳欣怡梓涵子轩思远佳琪雨婷俊杰文博一鸣嘉怡诗琪雅琳晓东志强海燕春梅建国立新永红振华天翔昊天子豪若曦语嫣泽宇睿博'];

/** Universities and research institutes with their schools (课题组 are named after a teacher). */
export const universities: { name: string; city: string; schools: string[] }[] = [
  { name: '复旦大学', city: '上海', schools: ['化学系', '材料科学系', '高分子科学系', '药学院', '环境科学与工程系'] },
  { name: '上海交通大学', city: '上海', schools: ['化学化工学院', '材料科学与工程学院', '环境科学与工程学院', '医学院', '机械与动力工程学院'] },
  { name: '同济大学', city: '上海', schools: ['化学科学与工程学院', '材料科学与工程学院', '环境科学与工程学院', '生命科学与技术学院'] },
  { name: '华东理工大学', city: '上海', schools: ['材料科学与工程学院', '化学与分子工程学院', '化工学院', '药学院', '资源与环境工程学院'] },
  { name: '华东师范大学', city: '上海', schools: ['化学与分子工程学院', '生命科学学院', '物理与电子科学学院'] },
  { name: '上海大学', city: '上海', schools: ['材料科学与工程学院', '理学院化学系', '环境与化学工程学院'] },
  { name: '东华大学', city: '上海', schools: ['材料科学与工程学院', '纺织学院', '化学与化工学院'] },
  { name: '浙江大学', city: '杭州', schools: ['化学系', '材料科学与工程学院', '高分子科学与工程学系', '化学工程与生物工程学院', '药学院'] },
  { name: '南京大学', city: '南京', schools: ['化学化工学院', '现代工程与应用科学学院', '环境学院', '物理学院'] },
  { name: '东南大学', city: '南京', schools: ['材料科学与工程学院', '化学化工学院', '生物科学与医学工程学院'] },
  { name: '南京工业大学', city: '南京', schools: ['材料科学与工程学院', '化工学院', '先进材料研究院'] },
  { name: '苏州大学', city: '苏州', schools: ['功能纳米与软物质研究院', '材料与化学化工学部', '医学部'] },
  { name: '中国科学技术大学', city: '合肥', schools: ['化学与材料科学学院', '工程科学学院', '生命科学与医学部'] },
  { name: '厦门大学', city: '厦门', schools: ['化学化工学院', '材料学院', '能源学院'] },
  { name: '武汉大学', city: '武汉', schools: ['化学与分子科学学院', '资源与环境科学学院', '药学院'] },
  { name: '华中科技大学', city: '武汉', schools: ['材料科学与工程学院', '化学与化工学院', '光学与电子信息学院'] },
  { name: '中山大学', city: '广州', schools: ['化学学院', '材料科学与工程学院', '药学院'] },
  { name: '四川大学', city: '成都', schools: ['化学学院', '高分子科学与工程学院', '华西药学院'] },
  { name: '天津大学', city: '天津', schools: ['化工学院', '材料科学与工程学院', '环境科学与工程学院'] },
  { name: '南开大学', city: '天津', schools: ['化学学院', '材料科学与工程学院', '药学院'] },
  { name: '中国科学院上海硅酸盐研究所', city: '上海', schools: ['高性能陶瓷研究中心', '能源材料研究中心'] },
  { name: '中国科学院宁波材料技术与工程研究所', city: '宁波', schools: ['高分子事业部', '新能源所'] },
  { name: '中国科学院苏州纳米技术与纳米仿生研究所', city: '苏州', schools: ['纳米器件部', '纳米材料部'] },
  { name: '上海中医药大学', city: '上海', schools: ['中药学院', '科技实验中心'] },
];

export const companyCities = ['上海', '苏州', '杭州', '宁波', '无锡', '常州', '南京', '合肥', '嘉兴', '南通', '深圳', '东莞'];
export const companyWords = ['纳微', '晶研', '聚源', '碳歌', '华锂', '恒拓', '瑞普', '新材道', '启明', '中科汇', '蓝海', '博远', '睿晶', '泰康诺', '清源', '凯瑞', '昕诺', '科隆', '极光', '锐芯'];
export const companyTrades = ['新材料科技有限公司', '新能源科技有限公司', '生物医药有限公司', '半导体有限公司', '环保科技有限公司', '化工有限公司', '电池材料有限公司', '精密制造有限公司', '检测技术有限公司', '涂料有限公司'];

/** Sample names an order of an item's group carries (catalogue group ids, seed-items.ts). */
export const sampleNames: Record<number, string[]> = {
  31: ['TiO2 纳米粉末', 'NCM811 正极材料', 'MOF-5 晶体', 'ZnO 纳米棒', 'LiFePO4 粉末', '分子筛 ZSM-5', 'CeO2 催化剂', '钙钛矿薄膜 MAPbI3', 'Al2O3 陶瓷', '高熵合金块体'],
  32: ['Au 纳米颗粒', 'ZnO 薄膜', '石墨烯粉末', '碳纳米管', '锂电正极极片', 'Pt/C 催化剂', 'MXene 纳米片', '细胞爬片', '聚合物微球', '不锈钢断口'],
  33: ['Ni-Fe LDH 催化剂', 'Co3O4 纳米片', '掺杂 TiO2', '锂电负极 SEI 膜', '合金粉末', '土壤矿物', 'g-C3N4 粉末', 'MoS2 纳米片'],
  34: ['聚乙烯薄膜', '羧基化石墨烯', 'g-C3N4 光催化剂', '量子点溶液', '聚酰亚胺膜', '蛋白溶液', '有机染料', 'Ag 纳米线'],
  35: ['聚乳酸 PLA 颗粒', 'PVDF 膜', '环氧树脂固化物', '相变储能材料', '锂电隔膜', '聚氨酯泡沫', '碳纤维复合材料'],
  36: ['活性炭', 'SiO2 气凝胶', '纳米乳液', '水凝胶', '介孔碳', '陶瓷浆料', '锂电负极石墨'],
  37: ['有机小分子中间体', '天然产物提取物', '聚合物 PMMA', '多肽样品', '反应液', '配合物晶体', '分子筛 SAPO-34'],
  38: ['小鼠肝组织', 'HeLa 细胞', '大鼠血清', '肿瘤组织切片', '外泌体悬液', 'RAW264.7 细胞', '小鼠脾细胞'],
  39: ['工业废水', '河道地表水', '车间空气样', '农田土壤', '厂界空气样', '污泥', '地下水'],
  51: ['XRD 原始数据', 'XPS 原始数据', '红外原始谱图', 'TGA 多升温速率数据', '拉曼原始谱图'],
  52: ['Pt(111) 吸附体系', '电解液溶剂化体系', 'Li 迁移路径', '蛋白-配体复合物', '锂电池单体模型'],
};

export const sampleForms: Record<number, 'powder' | 'film' | 'liquid' | 'bulk' | 'other'> = {
  31: 'powder',
  32: 'powder',
  33: 'powder',
  34: 'film',
  35: 'bulk',
  36: 'powder',
  37: 'liquid',
  38: 'other',
  39: 'liquid',
  51: 'other',
  52: 'other',
};

export const orderNotes = ['', '', '', '请尽快安排，赶论文返修', '样品怕潮，请密封保存', '需要原始数据与报告', '与上次测试条件保持一致', '请附测试参数说明', '样品量较少，请谨慎制样', '课题结题用，需加盖公章报告'];

export const evaluationTexts: Record<number, string[]> = {
  5: ['数据质量很好，报告规范，工程师沟通及时。', '出数据很快，比预期提前两天，点赞。', '老师很耐心地解释了数据，下次还会再来。', '测试结果重复性好，审稿人没有意见。', '服务专业，寄样到出数据全程可查，很放心。'],
  4: ['整体满意，周期比预期稍长一点。', '数据没问题，报告格式希望能再统一一些。', '客服回复及时，测试条件确认得很细致。'],
  3: ['数据可以用，但等待时间较长。', '第一次沟通有点误会，后面补测解决了。'],
};

export const cancelReasons = ['样品需要重新制备，稍后重新下单', '课题方向调整，暂不需要测试', '已在校内平台测试', '下单时项目选错，重新下单', '经费报销流程未走完，暂缓'];
