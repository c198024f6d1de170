import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrantRequest } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import GrantApprovalPage from './grant-approval-page';

const request = (over: Partial<GrantRequest> = {}): GrantRequest => ({
  rid: 'gr1',
  status: 'pending',
  statusText: '待导师审批',
  orderNo: 'KY2026112000001',
  orderTitle: 'XRD 粉末衍射',
  amountFen: 300_00,
  balanceFen: 1_000_00,
  cardRid: 'c1',
  cardName: '国自然面上项目',
  cardNumber: 'NSFC-2026-01',
  communityName: '陈老师课题组',
  memberName: '李同学',
  why: '超出单笔自动批准上限¥100.00',
  reason: '',
  createdAt: '2026-11-20T04:00:00.000Z',
  expiresAt: '2026-11-27T04:00:00.000Z',
  decidedAt: null,
  canDecide: true,
  ...over,
});

describe('grant approval page', () => {
  it('shows the request and approves exactly the amount and balance it shows', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/auth/grant/request': { data: request() },
      '/api/auth/grant/approve': { data: request({ status: 'approved', statusText: '已批准', canDecide: false }), msg: '已批准，订单已支付' },
    });
    renderApp(<GrantApprovalPage />, { path: '/member/grant-approval/gr1', routes: [{ path: '/member/grant-approval/:rid', element: <GrantApprovalPage /> }] });
    expect(await screen.findByRole('heading', { level: 1, name: '经费支付审批' })).toBeInTheDocument();
    expect(await screen.findByText('¥300.00')).toBeInTheDocument();
    expect(screen.getByText('超出单笔自动批准上限¥100.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '批准支付' }));
    await userEvent.click(await screen.findByRole('button', { name: '批准并支付' }));
    await screen.findByText('已批准，订单已支付');
    const approve = calls.find((c) => c.path === '/api/auth/grant/approve')!;
    expect(Object.fromEntries(approve.form)).toEqual({ rid: 'gr1', amount_fen: '30000', balance_fen: '100000' });
  });

  it('refusing needs a reason', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/auth/grant/request': { data: request() },
      '/api/auth/grant/refuse': { data: request({ status: 'refused', statusText: '已拒绝', canDecide: false }), msg: '已拒绝' },
    });
    renderApp(<GrantApprovalPage />, { path: '/member/grant-approval/gr1', routes: [{ path: '/member/grant-approval/:rid', element: <GrantApprovalPage /> }] });
    await userEvent.click(await screen.findByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog', { name: '拒绝经费支付' });
    await userEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('[拒绝原因]不能为空')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('拒绝原因'), '请改用横向经费');
    await userEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await screen.findByText('已拒绝');
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/auth/grant/refuse')!.form)).toEqual({ rid: 'gr1', reason: '请改用横向经费' });
  });
});
