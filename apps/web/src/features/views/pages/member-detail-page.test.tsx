import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMemberDetail, StaffRole } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import MemberDetailPage from './member-detail-page';

const detail: AdminMemberDetail = {
  account: {
    rid: 'm1',
    phone: '13800138000',
    nickname: '张同学',
    name: '张明',
    email: 'zm@example.edu.cn',
    organization: 0,
    company: '华东理工大学',
    inviteCode: 'DEMO2026',
    inviter: null,
    disabled: false,
    createdAt: '2026-10-01T02:00:00.000Z',
    lastLoginAt: null,
  },
  adviser: { id: 2, name: '王经理' },
  profile: {
    name: '张明',
    email: 'zm@example.edu.cn',
    organization: 0,
    company: '华东理工大学',
    teacher: '刘教授',
    teacher_phone: '13700001111',
    teacher_mail: 'liu@example.edu.cn',
    province: '上海市',
    city: '上海市',
    area: '徐汇区',
    address_code: '310104',
    address: '梅陇路130号',
    attestedAt: '2026-10-02T02:00:00.000Z',
    reviewStatus: 'approved',
    reviewNote: null,
  },
  review: { status: 'approved', note: null, reviewedAt: '2026-10-03T02:00:00.000Z', reviewer: { id: 2, name: '王经理' } },
  addresses: [],
  orders: { total: 3, open: 1, completed: 2, cancelled: 0, paidFen: 123_450, owedFen: 0, latest: [] },
  funds: { prestoreFen: 500_000, rebateFen: 0, points: 1280, creditLimitFen: 0, usableCoupons: 2, communities: [], recent: [] },
  communities: [],
  partner: null,
};

const as = (role: StaffRole, extra: Parameters<typeof mockApi>[0] = {}) => {
  staffSession.saveSession({ token: role, refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
  return mockApi({ '/api/admin/me': { data: { account: role, name: '测试员工', role } }, '/api/admin/member/detail': { data: detail }, ...extra });
};

const open = () => renderApp(<p>其他页面</p>, { path: '/admin/members/m1', routes: [{ path: '/admin/members/:rid', element: <MemberDetailPage /> }] });

// a page with antd dialogs takes several seconds in jsdom; on a busy machine more than the default 15 s
describe('会员详情', { timeout: 40_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('shows the member’s figures to finance without the account actions', async () => {
    as('finance');
    open();
    expect(await screen.findByRole('heading', { name: '张明' })).toBeInTheDocument();
    expect(screen.getByText('¥1,234.50')).toBeInTheDocument();
    expect(screen.getAllByText('¥5,000.00').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: '设置客户经理' })).toBeNull());
    expect(screen.queryByRole('button', { name: '停用' })).toBeNull();
  });

  it('lets sales disable the account only with a reason, which is sent along', async () => {
    const { calls } = as('sales', { '/api/admin/member/status': { msg: '会员已停用，其登录已全部失效', data: { rid: 'm1', disabled: true } } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '停用' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('停用原因'), { target: { value: '多次恶意下单' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '停用' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/member/status')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/admin/member/status')!.form)).toEqual({ rid: 'm1', disabled: '1', reason: '多次恶意下单' });
    expect(await screen.findByText('会员已停用，其登录已全部失效')).toBeInTheDocument();
  });
});
