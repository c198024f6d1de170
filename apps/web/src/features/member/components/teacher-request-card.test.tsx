import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherStanding } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { TeacherRequestCard } from './teacher-request-card';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const open: TeacherStanding = { organization: 0, canApply: true, reason: '', handlingTime: '1 个工作日', needs: ['资料认证中已填写真实姓名和单位名称（高校或科研院所）'], latest: null };
const asked: TeacherStanding = {
  ...open,
  canApply: false,
  reason: '您已有一份老师认证申请正在审核中，请耐心等待',
  latest: { rid: 'q1', status: 'pending', statusText: '审核中', note: '讲师', reviewNote: null, createdAt: '2026-12-08T01:00:00.000Z', reviewedAt: null },
};

describe('老师认证 (issue 31)', { timeout: 30_000 }, () => {
  it('a student reads what is needed and how long it takes, asks with one click and a note, and then sees it waiting', async () => {
    login();
    let state = open;
    const { calls } = mockApi({
      '/api/auth/user/teacher4attest': () => ({ data: state }),
      '/api/auth/user/apply4teacher': () => {
        state = asked;
        return { msg: '老师认证申请已提交', data: asked };
      },
    });
    const user = userEvent.setup();
    renderApp(<TeacherRequestCard />);
    const card = await screen.findByRole('region', { name: '老师认证' });
    expect(within(card).getByText('资料认证中已填写真实姓名和单位名称（高校或科研院所）')).toBeInTheDocument();
    expect(within(card).getByText(/1 个工作日/)).toBeInTheDocument();
    await user.type(within(card).getByLabelText('补充说明（选填）'), '材料学院讲师');
    await user.click(within(card).getByRole('button', { name: '申请老师认证' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user/apply4teacher')).toBe(true));
    expect(calls.find((c) => c.path === '/api/auth/user/apply4teacher')!.form.get('note')).toBe('材料学院讲师');
    expect(await within(card).findByText(/老师认证申请审核中/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '申请老师认证' })).toBeNull();
  });

  it('a refused request shows the reason and offers the button again', async () => {
    login();
    mockApi({ '/api/auth/user/teacher4attest': { data: { ...open, latest: { ...asked.latest!, status: 'refused', statusText: '未通过', reviewNote: '未能核实教职身份' } } } });
    renderApp(<TeacherRequestCard />);
    const card = await screen.findByRole('region', { name: '老师认证' });
    expect(within(card).getByText('老师认证申请未通过：未能核实教职身份')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '申请老师认证' })).toBeEnabled();
  });
});
