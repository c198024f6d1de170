import type { PromotionOverview, Rebate, UserInfo, Withdrawal } from '@lab/contract';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';

/* The promotion page's tests (pages/promotion-page*.test.tsx): a partner's overview in each state, its rebates and withdrawals, the calls answered. */

export const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

export const base: PromotionOverview = {
  status: 'none',
  statusText: '未申请',
  reason: null,
  application: null,
  rateBp: 500,
  inviteCode: 'K7Q2M9',
  invitedCount: 3,
  frozenFen: 0,
  withdrawableFen: 0,
  pendingFen: 0,
  withdrawnFen: 0,
  minWithdrawFen: 100_00,
  paidToPrestoreFen: 0,
  paidAsCouponFen: 0,
  terms: { version: 2, title: '推广合伙人协议', paragraphs: ['一、推广合伙人通过邀请码邀请新会员注册。', '三、返利的发放方式：学生用户：转入预存款；老师用户：转入预存款；个人用户：现金（可提现）；企业用户：现金（可提现）。'], publishedAt: '2026-02-01T02:00:00.000Z' },
  acceptedTermsVersion: null,
  payout: { customerType: '个人', kind: 'cash', text: '现金（可提现）' },
};
export const application = { name: '李老师', phone: '13900139000', organization: '复旦大学 材料科学系', channel: '课题组与学院实验平台', createdAt: '2026-03-01T02:00:00.000Z' };
export const approved: PromotionOverview = { ...base, status: 'approved', statusText: '已通过', application, frozenFen: 12_00, withdrawableFen: 250_50, pendingFen: 100_00, withdrawnFen: 300_00, acceptedTermsVersion: 2 };

const userInfo: UserInfo = {
  account: {
    rid: 'm1',
    phone: '13900139000',
    nickname: '李老师',
    name: '李华',
    email: null,
    organization: 0,
    company: '复旦大学',
    inviteCode: 'K7Q2M9',
    hasPassword: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  addressList: [],
  cartNum: 0,
};

const rebate = (over: Partial<Rebate>): Rebate => ({
  id: 'r1',
  orderNo: 'KY2026030300000517',
  inviteePhone: '139****0011',
  paidFen: 240_00,
  rateBp: 500,
  rebateFen: 12_00,
  status: 'frozen',
  statusText: '冻结中',
  payout: null,
  createdAt: '2026-03-03T02:15:00.000Z',
  releasedAt: null,
  ...over,
});
const rebates = [rebate({}), rebate({ id: 'r2', orderNo: 'KY2026030400000602', rebateFen: 6_00, paidFen: 120_00, status: 'withdrawable', statusText: '可提现', payout: 'cash', releasedAt: '2026-03-06T08:00:00.000Z' })];

export const withdrawal = (over: Partial<Withdrawal>): Withdrawal => ({
  rid: 'w1',
  amountFen: 100_00,
  method: 'bank',
  methodText: '银行卡',
  bank: { accountName: '李华', bankName: '中国工商银行上海徐汇支行', account: '**** 1234' },
  status: 'pending',
  statusText: '待审核',
  reason: null,
  createdAt: '2026-03-07T02:00:00.000Z',
  processedAt: null,
  ...over,
});
const withdrawals = [
  withdrawal({}),
  withdrawal({ rid: 'w2', amountFen: 300_00, method: 'prestore', methodText: '转入预存款', bank: null, status: 'paid', statusText: '已打款', processedAt: '2026-03-02T02:00:00.000Z' }),
  withdrawal({ rid: 'w3', amountFen: 50_00, status: 'refused', statusText: '已驳回', reason: '开户名与实名信息不一致', processedAt: '2026-03-01T02:00:00.000Z' }),
];

type Reply = { code?: 0 | 1; msg?: string; data?: unknown; status?: number };

export function api(overview: () => PromotionOverview, extra: Record<string, Reply | ((call: MockCall) => Reply)> = {}) {
  return mockApi({
    '/api/auth/myPromotion/init': () => ({ data: overview() }),
    '/api/auth/user/info': { data: userInfo },
    '/api/auth/promoter_rebate/list': (call) => {
      const status = call.form.get('status');
      const list = status ? rebates.filter((r) => r.status === status) : rebates;
      return { data: { list, total: list.length, page: 1, pageSize: 10 } };
    },
    '/api/auth/promoter_rebate_withdraw/list': { data: { list: withdrawals, total: withdrawals.length, page: 1, pageSize: 10 } },
    ...extra,
  });
}

/** a loaded machine can take a few seconds to show a message */
export const slow = { timeout: 5000 };

export const formOf = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.form));
