import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminAttestation, AdminTeacherRequest } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import AttestationsPage from './attestations-page';

const pending: AdminAttestation = {
  member: { rid: 'm1', phone: '13800138000', nickname: '张同学', disabled: false },
  profile: {
    name: '张明',
    email: 'zm@example.edu.cn',
    organization: 0,
    company: '华东理工大学 材料学院',
    teacher: '刘教授',
    teacher_phone: '13700001111',
    teacher_mail: 'liu@example.edu.cn',
    province: '上海市',
    city: '上海市',
    area: '徐汇区',
    address_code: '310104',
    address: '梅陇路130号',
    attestedAt: '2026-11-30T02:00:00.000Z',
    reviewStatus: 'pending',
    reviewNote: null,
  },
  review: { status: 'pending', note: null, reviewedAt: null, reviewer: null },
};
const page = (list: AdminAttestation[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });
const teacherPage = (list: AdminTeacherRequest[]) => ({ data: { list, total: list.length, page: 1, pageSize: 10 } });
const asked: AdminTeacherRequest = {
  rid: 't1',
  status: 'pending',
  statusText: '审核中',
  note: '材料学院讲师',
  reviewNote: null,
  createdAt: '2026-11-30T03:00:00.000Z',
  reviewedAt: null,
  member: { rid: 'm2', phone: '13900001111', name: '林老师', nickname: '林', company: '华东理工大学', email: null, organization: 0 },
  reviewer: null,
};

beforeEach(() => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 }));

// a page with antd dialogs takes several seconds in jsdom; on a busy machine more than the default 15 s
describe('资料认证 queue', { timeout: 40_000 }, () => {
  it('opens on 待审核 and asks the server for pending ones; 全部 sends no status at all', async () => {
    const { calls: all } = mockApi({ '/api/admin/attestation/list': page([pending]), '/api/admin/teacher/list': teacherPage([]) });
    const calls = { at: (i: number) => all.filter((c) => c.path === '/api/admin/attestation/list').at(i) };
    renderApp(<AttestationsPage />, { path: '/admin/attestations' });
    const row = (await screen.findByText('刘教授')).closest('tr')!;
    expect(within(row).getByText('张明')).toHaveAttribute('href', '/admin/members/m1');
    expect(within(row).getByText('上海市徐汇区梅陇路130号')).toBeInTheDocument();
    expect(calls.at(-1)!.form.get('status')).toBe('pending');

    // the first filter is the attestations'; the 老师认证申请 section below has its own
    fireEvent.click(screen.getAllByText('全部')[0]!);
    await waitFor(() => expect(calls.at(-1)!.form.has('status')).toBe(false));
    expect(calls.at(-1)!.form.get('page')).toBe('1');
  });

  it('asks for the reason, sends it with the member, and shows the server’s answer', async () => {
    const { calls } = mockApi({
      '/api/admin/attestation/list': page([pending]),
      '/api/admin/teacher/list': teacherPage([]),
      '/api/admin/attestation/refuse': { msg: '已驳回，已通知会员', data: { ...pending, review: { status: 'refused', note: '单位不符', reviewedAt: '2026-12-01T02:00:00.000Z', reviewer: { id: 2, name: '王经理' } } } },
    });
    renderApp(<AttestationsPage />, { path: '/admin/attestations' });
    const row = (await screen.findByText('刘教授')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('驳回 张明 的资料认证').length).toBeGreaterThan(0);
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '单位名称与学生证不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/attestation/refuse')).toBe(true));
    const refused = calls.find((c) => c.path === '/api/admin/attestation/refuse')!;
    expect(Object.fromEntries(refused.form)).toEqual({ rid: 'm1', reason: '单位名称与学生证不符' });
    expect(await screen.findByText('已驳回，已通知会员')).toBeInTheDocument();
  });

  it('老师认证申请: its own table beside the attestations; 通过 sends the request after a question (issue 31)', async () => {
    const { calls } = mockApi({
      '/api/admin/attestation/list': page([]),
      '/api/admin/teacher/list': teacherPage([asked]),
      '/api/admin/teacher/approve': { msg: '已认证为老师，已通知会员', data: { ...asked, status: 'approved', statusText: '已通过', member: { ...asked.member, organization: 3 } } },
    });
    renderApp(<AttestationsPage />, { path: '/admin/attestations' });
    const row = (await screen.findByText('材料学院讲师')).closest('tr')!;
    expect(within(row).getByText('华东理工大学')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/teacher/list')!.form.get('status')).toBe('pending');
    fireEvent.click(within(row).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('认证 林老师 为老师？').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '通过' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/teacher/approve')).toBe(true));
    expect(calls.find((c) => c.path === '/api/admin/teacher/approve')!.form.get('rid')).toBe('t1');
    expect(await screen.findByText('已认证为老师，已通知会员')).toBeInTheDocument();
  });
});
