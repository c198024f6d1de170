import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InviteeOrder, InviteOverview, Invitee } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { absoluteUrl } from '../../../lib/site-info';
import InvitePage from './invite-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const overview = (over: Partial<InviteOverview> = {}): InviteOverview => ({
  inviteCode: 'K7Q2M9',
  invitePath: '/invited/K7Q2M9',
  invitedCount: 2,
  inviteReward: '注册即得「新人50元券」',
  partner: null,
  ...over,
});

const invitees: Invitee[] = [
  { id: 'i1', nickname: '材料小王', phone: '139****0011', registeredAt: '2026-03-02T01:00:00.000Z', paidOrderCount: 2 },
  { id: 'i2', nickname: '', phone: '138****0022', registeredAt: '2026-03-05T17:30:00.000Z', paidOrderCount: 0 },
];

const orders: InviteeOrder[] = [
  { orderNo: 'KY20260303****0517', title: 'XRD 粉末衍射（物相分析）', paidFen: 240_00, rebateFen: 12_00, rebateStatus: 'frozen', paidAt: '2026-03-03T02:15:00.000Z' },
  { orderNo: 'KY20260304****0602', title: '场发射扫描电镜 SEM（形貌）', paidFen: 120_00, rebateFen: 6_00, rebateStatus: 'withdrawable', paidAt: '2026-03-04T06:00:00.000Z' },
  { orderNo: 'KY20260305****0700', title: '透射电镜（TEM）', paidFen: 800_00, rebateFen: 0, rebateStatus: null, paidAt: '2026-03-05T06:00:00.000Z' },
];

function api(init: InviteOverview = overview(), list: Invitee[] = invitees) {
  return mockApi({
    '/api/auth/web/invite/init': { data: init },
    '/api/auth/web/invite/list': (call) => ({ data: { list, total: list.length, page: Number(call.form.get('page')), pageSize: 10 } }),
    '/api/auth/web/invite/orderDetail': (call) =>
      call.form.get('id') === 'i1' ? { data: { list: orders, total: orders.length, page: 1, pageSize: 10 } } : { code: 0, msg: '被邀请人不存在', status: 404 },
    '/api/auth/user/info': { data: null },
  });
}

describe('invite page', { timeout: 30_000 }, () => {
  it('shows my code, the absolute invite link with its QR code, how many I invited and the reward', async () => {
    login();
    api();
    renderApp(<InvitePage />, { path: '/member/invite' });
    const share = await screen.findByRole('region', { name: '我的邀请' });
    const link = absoluteUrl('/invited/K7Q2M9');
    expect(link).toMatch(/^https?:\/\/[^/]+\/invited\/K7Q2M9$/);
    expect(within(share).getByTestId('invite-code')).toHaveTextContent('K7Q2M9');
    expect(within(share).getByLabelText('专属邀请链接')).toHaveValue(link);
    expect(share.querySelector('.qr-image')).toHaveAttribute('data-value', link);
    expect(await within(share).findByAltText('邀请链接二维码', {}, { timeout: 8000 })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(within(share).getByTestId('invited-count')).toHaveTextContent('2');
    expect(within(share).getByTestId('invite-reward')).toHaveTextContent('注册即得「新人50元券」');
    // not a partner: the way to become one
    const partner = screen.getByRole('region', { name: '推广合伙人' });
    expect(within(partner).getByRole('link', { name: '了解并申请' })).toHaveAttribute('href', '/member/promotion');
  });

  it('copies the link to the clipboard', async () => {
    login();
    api();
    const user = userEvent.setup();
    renderApp(<InvitePage />, { path: '/member/invite' });
    await user.click(await screen.findByRole('button', { name: /复制链接/ }));
    expect(await screen.findByText('邀请链接已复制，发送给好友即可')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(absoluteUrl('/invited/K7Q2M9'));
  });

  it('a partner sees the rate and the frozen and withdrawable rebates', async () => {
    login();
    api(overview({ partner: { rateBp: 500, frozenFen: 12_00, withdrawableFen: 106_50 } }));
    renderApp(<InvitePage />, { path: '/member/invite' });
    const partner = await screen.findByRole('region', { name: '推广合伙人' });
    expect(partner).toHaveTextContent('返利比例 5%');
    expect(within(partner).getByTestId('invite-frozen')).toHaveTextContent('¥12.00');
    expect(within(partner).getByTestId('invite-withdrawable')).toHaveTextContent('¥106.50');
    expect(within(partner).getByRole('link', { name: '返利与提现' })).toHaveAttribute('href', '/member/promotion');
  });

  it('lists the invitees with masked phones, registration dates and paid order counts; the drawer shows an invitee’s orders with their rebate status', async () => {
    login();
    const { calls } = api();
    const user = userEvent.setup();
    renderApp(<InvitePage />, { path: '/member/invite' });
    const table = await screen.findByRole('table');
    await within(table).findByText('材料小王');
    const rows = within(table).getAllByRole('row');
    // header + two invitees
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('139****0011');
    expect(rows[1]).toHaveTextContent('材料小王');
    expect(rows[1]).toHaveTextContent('2026-03-02');
    expect(rows[1]).toHaveTextContent('2 笔');
    // 17:30 UTC is the next day in Shanghai
    expect(rows[2]).toHaveTextContent('2026-03-06');
    expect(rows[2]).toHaveTextContent('–');
    expect(calls.find((c) => c.path === '/api/auth/web/invite/list')?.form.get('page')).toBe('1');

    await user.click(within(rows[1]!).getByRole('button', { name: '查看 139****0011 的订单' }));
    const drawer = await screen.findByRole('dialog', { name: '材料小王 的订单' });
    const items = await within(drawer).findAllByTestId('invitee-order');
    expect(items).toHaveLength(3);
    expect(calls.find((c) => c.path === '/api/auth/web/invite/orderDetail')?.form.get('id')).toBe('i1');
    expect(items[0]).toHaveTextContent('KY20260303****0517');
    expect(items[0]).toHaveTextContent('XRD 粉末衍射（物相分析）');
    expect(items[0]).toHaveTextContent('¥240.00');
    expect(items[0]).toHaveTextContent('¥12.00');
    expect(within(items[0]!).getByTestId('rebate-status')).toHaveTextContent('冻结中');
    expect(items[0]).toHaveTextContent('2026-03-03 10:15');
    expect(within(items[1]!).getByTestId('rebate-status')).toHaveTextContent('可提现');
    expect(items[2]).toHaveTextContent('无返利');
  });

  it('an invitee the server refuses shows its message in the drawer', async () => {
    login();
    api();
    const user = userEvent.setup();
    renderApp(<InvitePage />, { path: '/member/invite' });
    const table = await screen.findByRole('table');
    await user.click(await within(table).findByRole('button', { name: '查看 138****0022 的订单' }));
    const drawer = await screen.findByRole('dialog', { name: '138****0022 的订单' });
    expect(await within(drawer).findByText('被邀请人不存在')).toBeInTheDocument();
  });

  it('with nobody invited yet says how to start', async () => {
    login();
    api(overview({ invitedCount: 0 }), []);
    renderApp(<InvitePage />, { path: '/member/invite' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText(/还没有好友通过您的邀请注册/)).toBeInTheDocument());
  });

  it('a failed load says so and retries', async () => {
    login();
    let fail = true;
    mockApi({
      '/api/auth/web/invite/init': () => (fail ? { code: 0, msg: '服务暂时不可用', status: 503 } : { data: overview() }),
      '/api/auth/web/invite/list': { data: { list: [], total: 0, page: 1, pageSize: 10 } },
    });
    const user = userEvent.setup();
    renderApp(<InvitePage />, { path: '/member/invite' });
    expect(await screen.findByText('邀请信息加载失败', {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('K7Q2M9');
  });
});
