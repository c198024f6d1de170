import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponTemplate, MemberCoupon } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import CouponPage from './coupon-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const coupon = (over: Partial<MemberCoupon>): MemberCoupon => ({
  rid: 'c1',
  name: '新用户立减 ¥50',
  amountFen: 50_00,
  offRateBp: null,
  thresholdFen: 300_00,
  scope: { kind: 'all' },
  scopeText: '全部检测服务',
  status: 'unused',
  statusText: '可使用',
  validFrom: '2026-03-01T00:00:00.000Z',
  validTo: '2026-03-31T15:59:59.000Z',
  usedAt: null,
  claimedAt: '2026-03-01T02:00:00.000Z',
  ...over,
});

const byStatus: Record<string, MemberCoupon[]> = {
  unused: [coupon({}), coupon({ rid: 'c2', name: 'XRD 测试 9 折', amountFen: null, offRateBp: 1000, thresholdFen: 200_00, scopeText: '结构表征' })],
  used: [coupon({ rid: 'c3', name: '满 ¥1000 减 ¥100', amountFen: 100_00, thresholdFen: 1000_00, status: 'used', statusText: '已使用', usedAt: '2026-03-05T06:30:00.000Z' })],
  expired: [],
};

const template: CouponTemplate = {
  rid: 't1',
  name: '新用户立减 ¥50',
  amountFen: 50_00,
  offRateBp: null,
  thresholdFen: 300_00,
  scope: { kind: 'all' },
  scopeText: '全部检测服务',
  validFrom: null,
  validTo: null,
  validDays: 30,
  perMemberLimit: 1,
  remaining: null,
  claimedByMe: 0,
  claimable: true,
  description: '满 ¥300 可用，领取后 30 天内有效',
};

function api(claim: { code?: 0 | 1; msg?: string; status?: number; data?: unknown }) {
  return mockApi({
    '/api/auth/discount4user/all': (call) => {
      const list = byStatus[call.form.get('status') ?? ''] ?? [];
      return { data: { list, total: list.length, page: 1, pageSize: 12 } };
    },
    '/api/auth/discount4user/list4all': { data: [template] },
    '/api/auth/promotion/all4user': { data: [{ id: 'coupons', title: '领券中心', description: '领取优惠券，下单立减', coupons: [template] }] },
    '/api/auth/discount4user/add': claim,
  });
}

describe('coupon page', () => {
  it('tabs 可使用 / 已使用 / 已过期 each ask for their status and show coupon cards', async () => {
    login();
    const { calls } = api({ data: null });
    renderApp(<CouponPage />, { path: '/member/coupon' });
    const unused = await screen.findByRole('list', { name: '可使用' });
    const cards = within(unused).getAllByTestId('coupon-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('¥50');
    expect(cards[0]).toHaveTextContent('满¥300.00可用');
    expect(cards[0]).toHaveTextContent('适用范围：全部检测服务');
    expect(cards[0]).toHaveTextContent('有效期：2026-03-01 至 2026-03-31');
    expect(cards[1]).toHaveTextContent('9折');
    expect(cards[1]).toHaveTextContent('满¥200.00可用');

    await userEvent.click(screen.getByRole('tab', { name: '已使用' }));
    const used = await screen.findByRole('list', { name: '已使用' });
    expect(within(used).getByTestId('coupon-card')).toHaveTextContent('满 ¥1000 减 ¥100');
    expect(within(used).getByTestId('coupon-card')).toHaveTextContent('使用时间 2026-03-05 14:30');

    await userEvent.click(screen.getByRole('tab', { name: '已过期' }));
    expect(await screen.findByText('没有已过期的优惠券')).toBeInTheDocument();

    const statuses = calls.filter((c) => c.path === '/api/auth/discount4user/all').map((c) => c.form.get('status'));
    expect(statuses).toEqual(expect.arrayContaining(['unused', 'used', 'expired']));
  });

  it('领取 shows the server msg when the per-member limit is reached', async () => {
    login();
    api({ code: 0, status: 409, msg: '每人限领1张，您已领取' });
    renderApp(<CouponPage />, { path: '/member/coupon' });
    const claimable = await screen.findByRole('list', { name: '可领取的优惠券' });
    expect(within(claimable).getByTestId('coupon-card')).toHaveTextContent('领取后 30 天内有效');
    expect(within(claimable).getByText(/每人限领 1 张/)).toBeInTheDocument();
    await userEvent.click(within(claimable).getByRole('button', { name: /领\s?取/ }));
    await waitFor(() => expect(screen.getByText('每人限领1张，您已领取')).toBeInTheDocument());
  });
});
