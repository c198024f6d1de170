import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Requirement } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { LoginPanelHost } from '../../accounts/login-panel-host';
import { RequirementForm } from './requirement-form';
import { requirementFileProblem } from './requirement-files';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const requirement = (over: Partial<Requirement> = {}): Requirement => ({
  rid: 'q1',
  title: 'XRD 物相分析',
  content: '正极材料物相',
  samples: '粉末 3 个',
  budget: '',
  deadline: null,
  contact: '张老师',
  phone: '13900139000',
  status: 'open',
  statusText: '待报价',
  files: [],
  quote: null,
  createdAt: '2026-11-22T02:00:00Z',
  ...over,
});

describe('RequirementForm', () => {
  it('shows the contract messages one at a time and sends nothing while something is wrong', async () => {
    login();
    const { calls } = mockApi({});
    renderApp(<RequirementForm initial={{ contact: '', phone: '' }} onSubmitted={vi.fn()} />);
    const submit = screen.getByRole('button', { name: /提交需求/ });
    fireEvent.click(submit);
    expect(await screen.findByText('[测试需求]不能为空')).toBeInTheDocument();
    fill('测试需求', 'XRD 物相分析');
    fireEvent.click(submit);
    expect(await screen.findByText('[需求描述]不能为空')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('[测试需求]不能为空')).not.toBeInTheDocument());
    fill('需求描述', '正极材料物相');
    fill('样品信息', '粉末 3 个');
    fill('联系人', '张老师');
    fill('联系电话', '1390013');
    fireEvent.click(submit);
    expect(await screen.findByText('[联系电话]格式不正确')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/demand/add')).toBe(false);
  }, 30_000);

  it('posts the requirement, then uploads each attachment, and reports the result', async () => {
    login();
    const onSubmitted = vi.fn();
    const { calls } = mockApi({
      '/api/auth/demand/add': { msg: '需求已提交，我们会尽快联系您', data: requirement() },
      '/api/auth/demand/file': { msg: '附件已上传', data: requirement({ files: [{ id: 'f1', name: 'plan.pdf' }] }) },
    });
    const user = userEvent.setup();
    const { container } = renderApp(<RequirementForm initial={{ contact: '张老师', phone: '13900139000' }} onSubmitted={onSubmitted} />);
    fill('测试需求', 'XRD 物相分析');
    fill('需求描述', '正极材料物相');
    fill('样品信息', '粉末 3 个');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, [new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /提交需求/ }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const add = calls.find((c) => c.path === '/api/auth/demand/add')!;
    expect(add.form.get('title')).toBe('XRD 物相分析');
    expect(add.form.get('contact')).toBe('张老师');
    expect(add.form.get('phone')).toBe('13900139000');
    expect(calls.filter((c) => c.path === '/api/auth/demand/file')).toHaveLength(1);
    expect(onSubmitted.mock.calls[0]![0]).toMatchObject({ requirement: { rid: 'q1', files: [{ name: 'plan.pdf' }] }, failed: [] });
  }, 30_000);

  it('refuses attachments of other types, empty or too large', () => {
    expect(requirementFileProblem({ name: 'a.exe', size: 10 })).toBe('附件仅支持 PDF、PNG、JPG 或 ZIP 文件');
    expect(requirementFileProblem({ name: 'a.pdf', size: 0 })).toBe('文件是空的，请重新选择');
    expect(requirementFileProblem({ name: 'a.zip', size: 21 * 1024 * 1024 })).toBe('单个附件不能超过 20 MB');
    expect(requirementFileProblem({ name: 'photo.JPG', size: 1024 })).toBeNull();
  });

  it('a visitor fills the form, is asked to log in on 提交需求, and what they typed is sent once they have; closing the panel sends nothing', async () => {
    const onSubmitted = vi.fn();
    const { calls } = mockApi({
      '/api/open/login': { data: { token: 't1', refreshToken: 'r1', expires: Math.floor(Date.now() / 1000) + 7200 }, msg: '登录成功!' },
      '/api/auth/user/info': { data: { account: { name: '陈老师', phone: '13900139000' }, addressList: [{ rid: 'a1' }], cartNum: 0 } },
      '/api/auth/demand/add': { msg: '需求已提交，我们会尽快联系您', data: requirement({ contact: '王老师', phone: '13912345678' }) },
    });
    const user = userEvent.setup();
    renderApp(
      <>
        <RequirementForm initial={{}} onSubmitted={onSubmitted} />
        <LoginPanelHost />
      </>,
      { path: '/require' },
    );
    // readable and fillable without an account: no login panel on arrival
    expect(screen.queryByRole('dialog', { name: /登录/ })).toBeNull();
    expect(screen.getByText(/登录后自动提交/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: /提交需求/ });
    // a problem is shown before any login is asked
    fireEvent.click(submit);
    expect(await screen.findByText('[测试需求]不能为空')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /登录/ })).toBeNull();
    fill('测试需求', 'XRD 物相分析');
    fill('需求描述', '正极材料物相');
    fill('样品信息', '粉末 3 个');
    fill('联系人', '王老师');
    fill('联系电话', '13912345678');

    // closed without logging in: nothing sent, the form as typed
    fireEvent.click(submit);
    let panel = await screen.findByRole('dialog', { name: /登录/ });
    await user.click(within(panel).getByRole('button', { name: /关闭/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /登录/ })).toBeNull());
    expect(screen.getByLabelText('测试需求')).toHaveValue('XRD 物相分析');

    // asked again, logged in: sent at once, as typed
    fireEvent.click(submit);
    panel = await screen.findByRole('dialog', { name: /登录/ });
    await user.type(within(panel).getByLabelText('用户名/手机号'), '13900139000');
    await user.type(within(panel).getByLabelText('密码'), 'Demo@2026');
    await user.click(within(panel).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const adds = calls.filter((c) => c.path === '/api/auth/demand/add');
    expect(adds).toHaveLength(1);
    expect(adds[0]!.form.get('title')).toBe('XRD 物相分析');
    expect(adds[0]!.form.get('contact')).toBe('王老师');
    expect(adds[0]!.form.get('phone')).toBe('13912345678');
  }, 30_000);
});
