import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminApproval } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi, type MockCall } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ApprovalsPage from './approvals-page';

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const request = (over: Partial<AdminApproval>): AdminApproval => ({
  rid: 'a1',
  kind: 'coupon',
  action: 'coupon.issue',
  actionText: '发放优惠券',
  summary: '发放优惠券「千万大券」（减¥10,000,000.00，无门槛）给 张明 13800138000',
  target: '13800138000',
  valueFen: 10_000_000_00,
  makerLimitFen: 500_00,
  limitScope: 'action',
  makerUsedFen: null,
  limitReason: '超出申请人单笔上限（¥500.00）',
  note: '',
  maker: { id: 3, name: '王经理', role: 'sales' },
  status: 'pending',
  statusText: '待审批',
  checker: null,
  decidedAt: null,
  decisionReason: null,
  resultKey: null,
  createdAt: '2026-12-01T02:30:00.000Z',
  canApprove: true,
  cannotApproveReason: null,
  canReject: true,
  canWithdraw: false,
  ...over,
});

/** A small server over one array: the list (by scope), the counts, and the decisions. */
function server() {
  const box = [
    request({}),
    request({ rid: 'a2', kind: 'refund', action: 'order.cancel', actionText: '取消已付款订单并退款', summary: '取消订单 KY1「XRD」，退回客户预存款 ¥3,000.00', valueFen: 3_000_00, note: '样品不符合要求', maker: { id: 4, name: '李实验', role: 'lab' }, canApprove: false, cannotApproveReason: '金额¥3,000.00超出您的审批额度（¥2,000.00）' }),
    // a points award under the single limit, filed because of the maker's day: the value in points, the reason said
    request({ rid: 'a3', kind: 'points', action: 'points.award', actionText: '发放论文致谢积分', summary: '论文「二维材料的 XPS 表征」致谢奖励 800 积分给 张明 13800138000', valueFen: 800, makerLimitFen: 5_000, limitScope: 'day', makerUsedFen: 4_500, limitReason: '申请人今日已独立办理4,500 积分，加上本笔超出每人每日合计上限（5,000 积分）' }),
  ];
  const api = mockApi({
    '/api/admin/approvals/list': (call: MockCall) => {
      const status = call.form.get('status');
      const list = status ? box.filter((a) => a.status === status) : box;
      return { data: { list, total: list.length, page: 1, pageSize: 20 } };
    },
    '/api/admin/approvals/counts': () => ({ data: { todo: box.filter((a) => a.status === 'pending' && a.canApprove).length, mine: 0 } }),
    '/api/admin/approvals/approve': (call: MockCall) => {
      const found = box.find((a) => a.rid === call.form.get('rid'))!;
      Object.assign(found, { status: 'approved', statusText: '已通过', checker: { id: 1, name: '赵管理', role: 'admin' }, decidedAt: '2026-12-01T03:00:00.000Z', canApprove: false, canReject: false });
      return { data: found, msg: '已审批通过，已按申请内容办理' };
    },
    '/api/admin/approvals/reject': (call: MockCall) => {
      const found = box.find((a) => a.rid === call.form.get('rid'))!;
      Object.assign(found, { status: 'rejected', statusText: '已驳回', decisionReason: call.form.get('reason'), canApprove: false, canReject: false });
      return { data: found, msg: '已驳回' };
    },
  });
  return { ...api, box };
}
const callsTo = (calls: MockCall[], path: string) => calls.filter((c) => c.path === path);

describe('待审批', () => {
  it('opens on 待我审批 with its count; shows who asked for what and how much; approving books the shown request', async () => {
    login();
    const { calls } = server();
    renderApp(<ApprovalsPage />, { path: '/admin/approvals' });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText(/千万大券/)).toBeInTheDocument();
    const couponRow = () => within(table).getByText(/千万大券/).closest('tr')!;
    expect(callsTo(calls, '/api/admin/approvals/list')[0]!.form.get('scope')).toBe('todo');
    expect(within(table).getByText('¥10,000,000.00')).toBeInTheDocument();
    expect(within(couponRow()).getByText('王经理（客户经理）')).toBeInTheDocument();
    expect(within(table).getByText('原因：样品不符合要求')).toBeInTheDocument();
    const pointsRow = within(table).getByText(/致谢奖励 800 积分/).closest('tr')!;
    expect(within(pointsRow).getByText('800 积分')).toBeInTheDocument();
    expect(within(pointsRow).getByText('申请人今日已独立办理4,500 积分，加上本笔超出每人每日合计上限（5,000 积分）')).toBeInTheDocument();
    expect(within(couponRow()).getByText('超出申请人单笔上限（¥500.00）')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /待我审批\s*2/ })).toBeInTheDocument();
    // the refund above this person's limit: no approve button, the reason on hover
    const refundRow = within(table).getByText(/KY1/).closest('tr')!;
    expect(within(refundRow).queryByRole('button', { name: '通过' })).toBeNull();
    expect(within(refundRow).getByText('无权审批')).toBeInTheDocument();

    await userEvent.click(within(couponRow()).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/申请人：王经理（客户经理），金额 ¥10,000,000.00/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '通过并办理' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/approvals/approve')).toHaveLength(1));
    expect(callsTo(calls, '/api/admin/approvals/approve')[0]!.form.get('rid')).toBe('a1');
    expect(await screen.findByText('已审批通过，已按申请内容办理')).toBeInTheDocument();
  }, 60_000);

  it('rejecting asks for the reason and sends it', async () => {
    login();
    const { calls } = server();
    renderApp(<ApprovalsPage />, { path: '/admin/approvals' });
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText(/KY1/)).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '请先与客户确认');
    await userEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(callsTo(calls, '/api/admin/approvals/reject')).toHaveLength(1));
    expect(callsTo(calls, '/api/admin/approvals/reject')[0]!.form.get('reason')).toBe('请先与客户确认');
  }, 60_000);
});
