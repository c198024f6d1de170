import { beforeAll, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AddressEntity, ExchangeItem, PointsApplication, PointsEntry, PointsOverview } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import PointsPage from './points-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const overview: PointsOverview = { balance: 1280, pointsPerYuan: 2, earned: 1500, spent: 220, pendingApplications: 1, pendingPoints: 460, pendingOrders: 2 };

const items: ExchangeItem[] = [
  { rid: 'i1', name: '50元检测优惠券', kind: 'coupon', description: '满300元可用', img: '', points: 500, stock: 8, available: true },
  { rid: 'i2', name: '实验室定制保温杯', kind: 'gift', description: '316 不锈钢', img: '', points: 1000, stock: null, available: true },
  { rid: 'i3', name: '200元检测优惠券', kind: 'coupon', description: '', img: '', points: 2000, stock: 3, available: false },
  { rid: 'i4', name: '样品收纳盒', kind: 'gift', description: '', img: '', points: 300, stock: 0, available: false },
];

const entries: PointsEntry[] = [
  { id: 2, type: 'points_transfer_out', typeText: '积分转出', points: -20, balanceAfter: 1280, note: '转赠给 138****8000', createdAt: '2026-03-05T06:30:00.000Z' },
  { id: 1, type: 'points_earn', typeText: '订单积分', points: 1300, balanceAfter: 1300, note: '订单 KY2026030500001', createdAt: '2026-03-04T02:00:00.000Z' },
];

const address: AddressEntity = {
  rid: 'a1',
  address_rid: 'a1',
  name: '李同学',
  phone: '13912345678',
  province: '江苏省',
  city: '苏州市',
  area: '姑苏区',
  address: '干将东路 333 号',
  address_code: '320508',
  default: 1,
  disabled: false,
};

const application: PointsApplication = {
  rid: 'p1',
  title: '层状氧化物正极的表面重构',
  journal: 'Advanced Materials',
  doi: '10.1002/adma.202400001',
  status: 'approved',
  statusText: '已通过',
  citationCode: null,
  thanksConsent: 'none',
  thanksConsentText: '不在网站展示',
  points: 500,
  reason: null,
  createdAt: '2026-03-01T02:00:00.000Z',
};

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, page: 1, pageSize: 10 } });

function api(extra: Record<string, (call: MockCall) => { code?: 0 | 1; msg?: string; status?: number; data?: unknown }> = {}) {
  return mockApi({
    '/api/auth/web/integration/init': { data: overview },
    '/api/auth/web/integration/list4exchange': { data: items },
    '/api/auth/web/integration/list': page(entries),
    '/api/auth/integration/exchanges': page([]),
    '/api/auth/integration/applications': page([application]),
    '/api/auth/address/list': { data: [address] },
    ...extra,
  });
}

/** Fills an input at once (the page is large: typing key by key takes seconds in jsdom). */
async function fill(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await Promise.resolve();
}

const dialog = (name: string) => screen.findByRole('dialog', { name });

describe('points page', () => {
  // the page loads four calls before the part under test; a busy machine needs more than the default second
  beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));

  it('shows the balance, the totals, how to earn, the catalogue and the history', async () => {
    login();
    api();
    renderApp(<PointsPage />, { path: '/member/integral' });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('1,280');
    expect(screen.getByTestId('points-earned')).toHaveTextContent('1,500');
    expect(screen.getByTestId('points-spent')).toHaveTextContent('220');
    // earned on orders not yet completed: shown apart, not spendable
    expect(screen.getByTestId('points-pending')).toHaveTextContent('460');
    expect(screen.getByText('2 笔订单完成后到账，暂不可兑换或转赠')).toBeInTheDocument();
    expect(screen.getByText('另有 1 项致谢奖励审核中')).toBeInTheDocument();
    expect(screen.getByTestId('points-rate')).toHaveTextContent('每实付 1 元积 2 分');
    expect(screen.getByTestId('points-rate')).toHaveTextContent('订单完成后到账可用');

    const cards = await screen.findAllByTestId('exchange-item');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('50元检测优惠券');
    expect(cards[0]).toHaveTextContent('500 积分');
    expect(cards[0]).toHaveTextContent('库存 8');
    expect(within(cards[0]!).getByRole('button', { name: '兑换 50元检测优惠券' })).toBeEnabled();
    expect(cards[1]).toHaveTextContent('库存充足');
    expect(within(cards[2]!).getByRole('button', { name: '兑换 200元检测优惠券' })).toBeDisabled();
    expect(cards[2]).toHaveTextContent('积分不足，还差 720 分');
    expect(within(cards[3]!).getByRole('button', { name: '兑换 样品收纳盒' })).toBeDisabled();
    expect(cards[3]).toHaveTextContent('已兑完');

    const rows = within(await screen.findByRole('list', { name: '积分明细' })).getAllByTestId('points-entry');
    expect(rows[0]).toHaveTextContent('积分转出');
    expect(rows[0]).toHaveTextContent('-20');
    expect(rows[0]).toHaveTextContent('余额 1,280');
    expect(rows[0]).toHaveTextContent('2026-03-05 14:30');
    expect(rows[1]).toHaveTextContent('+1,300');
    expect(rows[1]).toHaveTextContent('订单 KY2026030500001');
  }, 60_000);

  it('兑换 a coupon: confirmation with what is left, then the exchange without an address', async () => {
    login();
    const { calls } = api({ '/api/auth/integration/applyExchange': () => ({ data: { rid: 'x1', itemName: '50元检测优惠券', kind: 'coupon', points: 500, status: 'done', statusText: '已完成', createdAt: '2026-03-06T00:00:00.000Z' } }) });
    renderApp(<PointsPage />, { path: '/member/integral' });
    fireEvent.click(await screen.findByRole('button', { name: '兑换 50元检测优惠券' }));
    const confirm = await dialog('确认兑换');
    expect(within(confirm).getByTestId('points-after')).toHaveTextContent('780 分');
    expect(calls.some((c) => c.path === '/api/auth/address/list')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(screen.getByText('兑换成功，优惠券已发放到您的账户')).toBeInTheDocument());
    const sent = calls.find((c) => c.path === '/api/auth/integration/applyExchange')!;
    expect(sent.form.get('rid')).toBe('i1');
    expect(sent.form.has('address_rid')).toBe(false);
    // the balance and catalogue are fetched again
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/web/integration/init').length).toBeGreaterThan(1));
  }, 60_000);

  it('兑换 a gift sends the chosen address; the server refusal is shown', async () => {
    login();
    const { calls } = api({ '/api/auth/integration/applyExchange': () => ({ code: 0, status: 409, msg: '库存不足，已兑完' }) });
    renderApp(<PointsPage />, { path: '/member/integral' });
    fireEvent.click(await screen.findByRole('button', { name: '兑换 实验室定制保温杯' }));
    const confirm = await dialog('确认兑换');
    const choice = await within(confirm).findByRole('radiogroup', { name: '收货地址' });
    expect(within(choice).getByRole('radio')).toBeChecked();
    expect(choice).toHaveTextContent('江苏省 苏州市 姑苏区 干将东路 333 号');
    fireEvent.click(within(confirm).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(screen.getByText('库存不足，已兑完')).toBeInTheDocument());
    const sent = calls.find((c) => c.path === '/api/auth/integration/applyExchange')!;
    expect(sent.form.get('rid')).toBe('i2');
    expect(sent.form.get('address_rid')).toBe('a1');
  }, 60_000);

  it('积分转赠 checks with the contract, asks for confirmation, then sends', async () => {
    login();
    const { calls } = api({ '/api/auth/integration/transfer': () => ({ data: { ...overview, balance: 1180 } }) });
    renderApp(<PointsPage />, { path: '/member/integral?tab=transfer' });
    const phone = await screen.findByLabelText('对方手机号');
    await fill(phone, '12345');
    fireEvent.click(screen.getByRole('button', { name: /转赠积分/ }));
    expect(await screen.findByText('[对方手机号]格式不正确')).toBeInTheDocument();
        await fill(phone, '13800138000');
    fireEvent.click(screen.getByRole('button', { name: /转赠积分/ }));
    expect(await screen.findByText('[对方姓名]不能为空')).toBeInTheDocument();
    await fill(screen.getByLabelText('对方姓名'), '张明');
    fireEvent.click(screen.getByRole('button', { name: /转赠积分/ }));
    expect(await screen.findByText('[转赠积分]不能小于1')).toBeInTheDocument();
    await fill(screen.getByLabelText('转赠积分'), '100');
    await fill(screen.getByLabelText('留言'), '实验加油');
    fireEvent.click(screen.getByRole('button', { name: /转赠积分/ }));
    const confirm = await dialog('确认转赠');
    expect(confirm).toHaveTextContent('13800138000');
    expect(confirm).toHaveTextContent('转赠后剩余1,180 分');
    expect(calls.some((c) => c.path === '/api/auth/integration/transfer')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认转赠' }));
    await waitFor(() => expect(screen.getByText('已向 13800138000 转赠 100 积分')).toBeInTheDocument());
    const sent = calls.find((c) => c.path === '/api/auth/integration/transfer')!;
    expect(Object.fromEntries(sent.form)).toEqual({ phone: '13800138000', name: '张明', points: '100', note: '实验加油' });
  }, 60_000);

  it('论文致谢奖励: the contract message for a blank title, then the application; my applications with status and points', async () => {
    login();
    const { calls } = api({ '/api/auth/integration/apply': () => ({ data: { ...application, rid: 'p2', status: 'pending', statusText: '待审核', points: null } }) });
    renderApp(<PointsPage />, { path: '/member/integral?tab=award' });
    const list = await screen.findByRole('list', { name: '我的致谢奖励申请' });
    const row = within(list).getByTestId('award-application');
    expect(row).toHaveTextContent('层状氧化物正极的表面重构');
    expect(row).toHaveTextContent('已通过');
    expect(row).toHaveTextContent('+500 积分');
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    expect(await screen.findByText('[论文题目]不能为空')).toBeInTheDocument();
    await fill(screen.getByLabelText('论文题目'), '钙钛矿薄膜的缺陷钝化');
    await fill(screen.getByLabelText('期刊名称'), 'Nature Energy');
    fireEvent.click(screen.getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(screen.getByText('申请已提交，审核通过后发放奖励积分')).toBeInTheDocument());
    const sent = calls.find((c) => c.path === '/api/auth/integration/apply')!;
    expect(sent.form.get('title')).toBe('钙钛矿薄膜的缺陷钝化');
    expect(sent.form.get('journal')).toBe('Nature Energy');
  }, 60_000);
});
