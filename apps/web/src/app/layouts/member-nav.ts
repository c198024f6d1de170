/** The children of /member, grouped as the member thinks of them. */
export const memberNav = [
  {
    title: '我的账户',
    items: [
      { path: 'center', label: '会员中心' },
      { path: 'message', label: '站内消息' },
      { path: 'consult', label: '我的咨询' },
      { path: 'information', label: '个人资料' },
      { path: 'address', label: '地址管理' },
      { path: 'settings', label: '账号设置' },
      { path: 'privacy', label: '个人信息与隐私' },
    ],
  },
  {
    title: '订单与取样',
    items: [
      { path: 'order', label: '我的订单' },
      { path: 'oquery', label: '订单查询' },
      { path: 'unpaid', label: '待支付' },
      { path: 'unsettled', label: '待结算' },
      { path: 'sample', label: '上门取样' },
      { path: 'reservation', label: '我的预约' },
      { path: 'vault', label: '数据保管箱' },
    ],
  },
  {
    title: '资金与发票',
    items: [
      { path: 'prestore', label: '预存款' },
      { path: 'coupon', label: '优惠券' },
      { path: 'integral', label: '我的积分' },
      { path: 'invoiceMg', label: '发票抬头' },
      { path: 'invoiceLs', label: '发票记录' },
    ],
  },
  {
    title: '推广与邀请',
    items: [
      { path: 'promotion', label: '推广合伙人' },
      { path: 'invite', label: '邀请有礼' },
    ],
  },
  {
    title: '科研团体',
    items: [
      { path: 'communityMg', label: '我管理的团体' },
      { path: 'communityJn', label: '我加入的团体' },
      { path: 'grants', label: '经费卡与审批' },
    ],
  },
] as const;

export const experimentNav = [
  { path: 'plan', label: '实验计划' },
  { path: 'demand', label: '我的需求' },
  { path: 'contract', label: '合同协议' },
] as const;
