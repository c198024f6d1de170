import type { OrderDetail, OrderSummary, ReadyToPay } from '@lab/contract';

const noActions = { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false };

export const summary = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  orderNo: 'DD202603050001',
  kind: 'test',
  progress: 'submitted',
  progressText: '待确认',
  payment: 'unpaid',
  paymentText: '待支付',
  title: 'X射线衍射（XRD）、扫描电镜（SEM）',
  lineCount: 2,
  sampleCount: 3,
  totalFen: 680_00,
  discountFen: 0,
  payableFen: 680_00,
  payLater: false,
  projectNo: '',
  delivery: 'pickup',
  createdAt: '2026-03-05T02:30:00.000Z',
  paidAt: null,
  actions: { ...noActions, pay: true, cancel: true },
  ...over,
});

export const detail = (over: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary(),
  lines: [
    {
      id: 'l1',
      rid: 'xrd01',
      name: 'X射线衍射（XRD）',
      img: '',
      typeId: 1,
      groupId: 31,
      unit: '样',
      count: 2,
      options: [{ optionId: 1, choiceId: 2, name: '扫描范围', label: '5°-90°', priceFen: 50_00 }],
      unitPriceFen: 200_00,
      amountFen: 400_00,
      note: '',
      samples: [
        { code: 'DD202603050001-1-1', name: '二氧化钛粉末', count: 1, form: 'powder', hazards: undefined, magnetic: false, returnWanted: true, state: 'awaiting', stateText: '待收样', stateAt: null, estimate: null },
        { code: 'DD202603050001-1-2', name: '氧化锌薄膜', count: 1, form: 'film', hazards: undefined, magnetic: false, returnWanted: false, state: 'awaiting', stateText: '待收样', stateAt: null, estimate: null },
      ],
      reservation: null,
    },
    {
      id: 'l2',
      rid: 'sem01',
      name: '扫描电镜（SEM）',
      img: '',
      typeId: 1,
      groupId: 32,
      unit: '样',
      count: 1,
      options: [],
      unitPriceFen: 280_00,
      amountFen: 280_00,
      note: '需喷金',
      samples: [{ code: 'DD202603050001-2-1', name: '铁氧体', count: 1, form: 'bulk', hazards: undefined, magnetic: true, returnWanted: false, state: 'awaiting', stateText: '待收样', stateAt: null, estimate: null }],
      reservation: null,
    },
  ],
  events: [
    { status: 'submitted', title: '订单已提交', note: '', actor: 'member', actorName: '李同学', at: '2026-03-05T02:30:00.000Z' },
  ],
  reports: [],
  contact: '李同学',
  phone: '13812345678',
  remark: '',
  pickup: { rid: 'p1', date: '2026-03-06', time: '09:00-12:00', address: '上海市杨浦区邯郸路220号', status: '待取样' },
  paidFrom: { kind: 'none', name: '' },
  coupon: null,
  invoiceType: 0,
  evaluation: null,
  dispute: null,
  labAddress: '上海市浦东新区张江路100号 检测中心收样室',
  ...over,
});

export const ready = (over: Partial<ReadyToPay> = {}): ReadyToPay => ({
  order: summary(),
  balances: [
    { kind: 'member', rid: null, name: '我的账户', balanceFen: 1000_00 },
    { kind: 'community', rid: 'cm1', name: '纳米材料课题组', balanceFen: 300_00 },
  ],
  cards: [],
  coupons: [
    { rid: 'cp1', name: '新用户立减 ¥50', discountFen: 50_00, usable: true, reason: '' },
    { rid: 'cp2', name: '满 ¥1000 减 ¥100', discountFen: 0, usable: false, reason: '未满 ¥1,000.00 不可用' },
  ],
  payLater: { allowed: false, reason: '', limitFen: 0, usedFen: 0 },
  ...over,
});
