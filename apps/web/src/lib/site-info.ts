/**
 * The lab's contact data, in one place. The catalogue issue will serve these from the
 * site settings (`localInfo`); until then the shell reads them from here.
 */
export const siteInfo = {
  name: '科研检测服务商城',
  shortName: '科研检测',
  slogan: '材料表征 · 分析测试 · 数据解析一站式服务',
  address: '上海市徐汇区桂平路 680 号 科研检测中心',
  phone: '400-820-6688',
  email: 'service@labtest.cn',
  workingHours: '周一至周六 8:30-18:30',
} as const;

/** Service types of the header's 服务 menu: typeId and title of the project list. */
export const serviceTypes = [
  { typeId: 1, title: '送样检测', note: '寄送样品到实验室测试' },
  { typeId: 2, title: '上门预约', note: '预约机时，到场操作仪器' },
  { typeId: 3, title: '数据分析', note: '谱图解析与数据处理' },
] as const;

/**
 * The footer's QR codes (站点设置's images of the real accounts; each shown only when set). Here,
 * not imported from the contract: the public first load must not carry the contract's schemas.
 */
export const siteQrCodes = [
  { key: 'qrOfficial', label: '公众号' },
  { key: 'qrConsult', label: '业务咨询' },
  { key: 'qrMiniapp', label: '小程序下单' },
] as const;

export const projectPath = (typeId: number, title: string) => `/project/${typeId}/${encodeURIComponent(title)}`;


export const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();
