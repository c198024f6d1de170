import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionOverview, Rebate, UserInfo, Withdrawal } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import PromotionPage from './promotion-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const base: PromotionOverview = {
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
const application = { name: '李老师', phone: '13900139000', organization: '复旦大学 材料科学系', channel: '课题组与学院实验平台', createdAt: '2026-03-01T02:00:00.000Z' };
const approved: PromotionOverview = { ...base, status: 'approved', statusText: '已通过', application, frozenFen: 12_00, withdrawableFen: 250_50, pendingFen: 100_00, withdrawnFen: 300_00, acceptedTermsVersion: 2 };

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

const withdrawal = (over: Partial<Withdrawal>): Withdrawal => ({
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

function api(overview: () => PromotionOverview, extra: Record<string, Reply | ((call: MockCall) => Reply)> = {}) {
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
const slow = { timeout: 5000 };

const formOf = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.form));

describe('promotion page', { timeout: 40_000 }, () => {
  it('a member who has not applied reads how it works and applies; the form is checked with the contract schema', async () => {
    login();
    let current = base;
    const { calls } = api(() => current, {
      '/api/auth/promoter_apply/add': () => {
        current = { ...base, status: 'pending', statusText: '审核中', application: { ...application, name: '李华', phone: '13900139000', organization: '复旦大学' } };
        return { data: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const explainer = await screen.findByRole('region', { name: '推广合伙人计划' });
    expect(within(explainer).getByTestId('promo-rate')).toHaveTextContent('5%');
    expect(explainer).toHaveTextContent('按实付金额的 5% 计入您的返利（冻结中）');

    // prefilled from user/info
    await waitFor(() => expect(screen.getByLabelText('姓名')).toHaveValue('李华'), { timeout: 5000 });
    const form = screen.getByRole('region', { name: '申请成为推广合伙人' });
    expect(within(form).getByLabelText('联系电话')).toHaveValue('13900139000');
    expect(within(form).getByLabelText('单位')).toHaveValue('复旦大学');

    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('[推广渠道]不能为空', {}, slow)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('联系电话'));
    await user.type(within(form).getByLabelText('联系电话'), '1390013');
    await user.type(within(form).getByLabelText('推广渠道'), '课题组与学院实验平台');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('[联系电话]格式不正确', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_apply/add')).toHaveLength(0);

    await user.type(within(form).getByLabelText('联系电话'), '9000');
    // the terms: how rebates are paid is stated in them, and they are agreed to by version
    expect(explainer).toHaveTextContent('返利发放方式：现金（可提现）（个人用户，按《推广合伙人协议》）');
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await within(form).findByText('请阅读并同意《推广合伙人协议》', {}, slow)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '《推广合伙人协议》' }));
    const terms = await screen.findByRole('dialog', { name: '《推广合伙人协议》' });
    expect(terms).toHaveTextContent('老师用户：转入预存款');
    await user.click(within(terms).getByRole('button', { name: '知道了' }));
    await user.click(within(form).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('申请已提交，请等待审核', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_apply/add')).toEqual([{ name: '李华', phone: '13900139000', organization: '复旦大学', channel: '课题组与学院实验平台', terms_version: '2' }]);
    // the page asks again and shows the review
    expect(await screen.findByTestId('partner-status')).toHaveTextContent('审核中');
    expect(screen.getByRole('region', { name: '申请状态' })).toHaveTextContent('课题组与学院实验平台');
  });

  it('a refused member sees the reason and applies again with the last application filled in', async () => {
    login();
    const { calls } = api(() => ({ ...base, status: 'refused', statusText: '未通过', reason: '请补充推广渠道的具体情况', application }), {
      '/api/auth/promoter_apply/add': { data: { ...base, status: 'pending', statusText: '审核中', application } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const form = await screen.findByRole('region', { name: '重新申请' });
    expect(form).toHaveTextContent('您的申请未通过审核');
    expect(form).toHaveTextContent('原因：请补充推广渠道的具体情况');
    expect(within(form).getByLabelText('姓名')).toHaveValue('李老师');
    expect(within(form).getByLabelText('推广渠道')).toHaveValue('课题组与学院实验平台');
    await user.type(within(form).getByLabelText('推广渠道'), '，约 40 人');
    await user.click(within(form).getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(within(form).getByRole('button', { name: '重新提交申请' }));
    await waitFor(() => expect(formOf(calls, '/api/auth/promoter_apply/add')).toHaveLength(1));
    expect(formOf(calls, '/api/auth/promoter_apply/add')[0]).toMatchObject({ name: '李老师', channel: '课题组与学院实验平台，约 40 人' });
  });

  it('an approved partner sees the four figures, the rebates by status and the withdrawals', async () => {
    login();
    const { calls } = api(() => approved);
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const figures = await screen.findByRole('region', { name: '我的返利' });
    expect(figures).toHaveTextContent('返利比例 5%');
    expect(within(figures).getByTestId('figure-frozen')).toHaveTextContent('¥12.00');
    expect(within(figures).getByTestId('figure-withdrawable')).toHaveTextContent('¥250.50');
    expect(within(figures).getByTestId('figure-pending')).toHaveTextContent('¥100.00');
    expect(within(figures).getByTestId('figure-withdrawn')).toHaveTextContent('¥300.00');
    expect(within(figures).getByRole('link', { name: '邀请链接与二维码' })).toHaveAttribute('href', '/member/invite');

    const table = await screen.findByRole('table');
    await within(table).findByText('KY2026030300000517', {}, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('139****0011');
    expect(rows[1]).toHaveTextContent('¥240.00');
    expect(rows[1]).toHaveTextContent('5%');
    expect(rows[1]).toHaveTextContent('¥12.00');
    expect(within(rows[1]!).getByTestId('rebate-status')).toHaveTextContent('冻结中');
    expect(rows[2]).toHaveTextContent('可提现 2026-03-06 16:00');

    await user.click(screen.getByRole('tab', { name: '可提现' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('KY2026030300000517')).toBeNull());
    expect(within(screen.getByRole('table')).getByText('KY2026030400000602')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/promoter_rebate/list').map((c) => c.form.get('status'))).toContain('withdrawable');

    await user.click(screen.getByRole('tab', { name: '提现记录' }));
    const items = await screen.findAllByTestId('withdrawal-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('¥100.00');
    expect(within(items[0]!).getByTestId('withdrawal-status')).toHaveTextContent('待审核');
    expect(items[0]).toHaveTextContent('银行卡：李华 · 中国工商银行上海徐汇支行 · **** 1234');
    expect(within(items[0]!).getByRole('button', { name: '取消申请' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('转入预存款');
    expect(within(items[1]!).queryByRole('button', { name: '取消申请' })).toBeNull();
    expect(items[2]).toHaveTextContent('驳回原因：开户名与实名信息不一致');
  });

  it('a partner paid into prepaid funds sees so; after a new version of the terms they are asked to accept it', async () => {
    login();
    let current: PromotionOverview = { ...approved, acceptedTermsVersion: 1, withdrawableFen: 0, paidToPrestoreFen: 80_00, payout: { customerType: '老师', kind: 'prestore', text: '转入预存款' } };
    const { calls } = api(() => current, {
      '/api/auth/promoter_terms/accept': () => {
        current = { ...current, acceptedTermsVersion: 2 };
        return { data: current };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    const figures = await screen.findByRole('region', { name: '我的返利' });
    expect(within(figures).getByTestId('promo-payout')).toHaveTextContent('返利发放方式：转入预存款（老师用户，按《推广合伙人协议》第 2 版）');
    expect(within(figures).getByTestId('promo-payout')).toHaveTextContent('累计转入预存款 ¥80.00');
    expect(screen.getByText('《推广合伙人协议》已更新至第 2 版')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看并同意' }));
    const terms = await screen.findByRole('dialog', { name: '《推广合伙人协议》' });
    await user.click(within(terms).getByRole('button', { name: '我已阅读并同意' }));
    expect(await screen.findByText('已同意新版协议', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_terms/accept')).toEqual([{ version: '2' }]);
    await waitFor(() => expect(screen.queryByText('《推广合伙人协议》已更新至第 2 版')).toBeNull());
  });

  it('a pending withdrawal can be cancelled; its account cannot be changed, the page says to cancel and apply again', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/cancel': { data: withdrawal({ status: 'cancelled', statusText: '已取消' }) },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('tab', { name: '提现记录' }));
    const [pending] = await screen.findAllByTestId('withdrawal-item');

    // finance pays the account it reviewed: no edit is offered that the server would refuse
    expect(within(pending!).queryByRole('button', { name: '修改收款信息' })).toBeNull();
    expect(pending).toHaveTextContent('收款信息提交后不能修改；如需修改，请取消该申请后重新申请。');
    expect(calls.some((c) => c.path === '/api/auth/promoter_rebate_withdraw/update4user')).toBe(false);

    await user.click(within(pending!).getByRole('button', { name: '取消申请' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '取消申请' }));
    expect(await screen.findByText('提现申请已取消，金额已退回可提现余额', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/cancel')).toEqual([{ rid: 'w1' }]);
  });

  it('the withdrawal dialog checks the amount (format, minimum, what is withdrawable) and the bank account, then sends it', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/add': { data: withdrawal({ amountFen: 150_00 }) },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    expect(within(dialog).getByTestId('dialog-withdrawable')).toHaveTextContent('¥250.50');
    const amount = within(dialog).getByLabelText('提现金额（元）');
    const submit = within(dialog).getByRole('button', { name: '提交申请' });

    await user.click(submit);
    expect(await within(dialog).findByText('[提现金额]不能为空', {}, slow)).toBeInTheDocument();
    await user.type(amount, '12.345');
    await user.click(submit);
    expect(await within(dialog).findByText('[提现金额]最多保留两位小数', {}, slow)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '99.99');
    await user.click(submit);
    expect(await within(dialog).findByText('提现金额不能低于¥100.00', {}, slow)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250.51');
    await user.click(submit);
    expect(await within(dialog).findByText('可提现金额不足', {}, slow)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '全部提现' }));
    expect(amount).toHaveValue('250.50');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(submit);
    expect(await within(dialog).findByText('[开户名]不能为空', {}, slow)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('开户名'), '李华');
    await user.type(within(dialog).getByLabelText('开户行'), '中国工商银行上海徐汇支行');
    await user.type(within(dialog).getByLabelText('银行账号'), '6222abc');
    await user.click(submit);
    expect(await within(dialog).findByText('[银行账号]格式不正确', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('银行账号'));
    await user.type(within(dialog).getByLabelText('银行账号'), '6222021234567890');
    await user.click(submit);
    expect(await screen.findByText('提现申请已提交，等待财务审核', {}, slow)).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toEqual([
      { amount: '150', method: 'bank', account_name: '李华', bank_name: '中国工商银行上海徐汇支行', bank_account: '6222021234567890' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '申请提现' })).toBeNull());
  });

  it('to prepaid funds sends no bank account; the server’s refusal is shown', async () => {
    login();
    const { calls } = api(() => approved, {
      '/api/auth/promoter_rebate_withdraw/add': { code: 0, msg: '可提现金额不足', status: 409 },
    });
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    await user.type(within(dialog).getByLabelText('提现金额（元）'), '200');
    await user.click(within(dialog).getByText('转入预存款'));
    expect(within(dialog).queryByLabelText('开户名')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await screen.findByText('可提现金额不足', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(formOf(calls, '/api/auth/promoter_rebate_withdraw/add')).toEqual([{ amount: '200', method: 'prestore' }]);
  });

  it('below the minimum the dialog says so and cannot be submitted', async () => {
    login();
    api(() => ({ ...approved, withdrawableFen: 6_00 }));
    const user = userEvent.setup({ delay: null });
    renderApp(<PromotionPage />, { path: '/member/promotion' });
    await user.click(await screen.findByRole('button', { name: '申请提现' }));
    const dialog = await screen.findByRole('dialog', { name: '申请提现' });
    expect(dialog).toHaveTextContent('可提现金额满 ¥100.00 后即可申请提现');
    expect(within(dialog).getByRole('button', { name: '提交申请' })).toBeDisabled();
  });
});
