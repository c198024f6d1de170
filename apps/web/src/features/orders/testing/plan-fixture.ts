import type { Plan, PlanLine, SamplingSetting } from '@lab/contract';

export const account = { rid: 'm1', phone: '13900139000', nickname: '', name: '陈老师', email: 'chen@example.edu.cn', organization: 3, company: '华东理工大学', inviteCode: 'T2026', hasPassword: true, createdAt: '2026-03-01T00:00:00Z' };
export const address = { rid: 'a1', address_rid: 'a1', name: '陈老师', phone: '13900139000', province: '上海市', city: '上海市', area: '闵行区', address: '东川路800号', address_code: '310112', default: 1 as const, disabled: false };

export const line = (over: Partial<PlanLine>): PlanLine => ({
  id: 'L1',
  rid: 'xrd',
  name: 'XRD 粉末衍射',
  img: '/upload/img/xrd.svg',
  model: 'Bruker D8',
  typeId: 1,
  groupId: 31,
  unit: '样品',
  count: 2,
  options: [{ optionId: 1, choiceId: 2, name: '扫描速度', label: '慢扫', priceFen: 4000 }],
  unitPriceFen: 10000,
  amountFen: 20000,
  note: '需要精修',
  reservation: null,
  available: true,
  ...over,
});

export const planFixture: Plan = {
  dataArr: [
    {
      type_id: 31,
      name: '结构表征',
      items: [line({}), line({ id: 'L2', rid: 'saxs', name: 'SAXS 小角散射', options: [], unitPriceFen: 40000, amountFen: 40000, count: 1, note: '', available: false })],
    },
    { type_id: 51, name: '数据处理', items: [line({ id: 'L3', rid: 'fit', name: 'XRD 物相检索', groupId: 51, typeId: 3, options: [], unitPriceFen: 8000, amountFen: 24000, count: 3, note: '' })] },
  ],
  count: 3,
  totalFen: 84000,
};

export const samplingSetting: SamplingSetting = {
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: null,
  disabled_week: [0],
  invalid_disabled_date: [],
  sampling_time1: '09:00',
  sampling_time2: '14:00',
  sampling_time3: '',
  sampling_time4: '',
  WxTip1: '',
};
export const siteSettings = { allowRegion: ['310000'], samplingSetting, localInfo: { address: '上海市徐汇区', phone: '021-64850000', email: 'a@b.cn', express: '上海市徐汇区桂平路 680 号 样品室' } };
