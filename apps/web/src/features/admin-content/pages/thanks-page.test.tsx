import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminThanks } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import ThanksPage from './thanks-page';

const entry = (over: Partial<AdminThanks>): AdminThanks => ({
  id: 1,
  company: '华东理工大学',
  title: 'XPS',
  code: 'Advanced Materials, 2026, 38: 2405123',
  content: '感谢测试中心',
  sketch: '',
  source: null,
  published: '2026-03-01',
  publishedAt: '2026-02-28T16:00:00.000Z',
  visible: true,
  ...over,
} as AdminThanks);

afterEach(() => staffSession.clearSession());

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('论文致谢 screen (a server table with a create/edit dialog)', () => {
  it('adds an entry: the first missing field is named under it before any call, then the save sends the form', { timeout: 90_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/content/thanks/list': { data: { list: [entry({})], total: 1 } },
      '/api/admin/content/thanks/add': (call) => ({ data: entry({ id: 2, company: call.form.get('company') ?? '' }) }),
    });
    renderApp(<ThanksPage />, { path: '/admin/content/thanks' });

    await screen.findByText('华东理工大学');
    await userEvent.click(screen.getByRole('button', { name: /新增论文致谢/ }));
    // (antd names every element's id `test-id` under test, so a dialog is found by its text, not its name)
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('新增论文致谢');
    await userEvent.type(within(dialog).getByLabelText('作者单位'), '复旦大学');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    const service = within(dialog).getByLabelText('服务项目');
    await waitFor(() => expect(service).toHaveAttribute('aria-invalid', 'true'));
    expect(await within(dialog).findByText('[服务项目]不能为空')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/content/thanks/add')).toBe(false);

    await userEvent.type(service, 'XRD');
    await waitFor(() => expect(within(dialog).queryByText('[服务项目]不能为空')).not.toBeInTheDocument());
    await userEvent.type(within(dialog).getByLabelText('期刊信息'), 'Nature, 2026');
    await userEvent.type(within(dialog).getByLabelText('致谢内容'), '感谢');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/content/thanks/add')).toBe(true));
    const sent = calls.find((call) => call.path === '/api/admin/content/thanks/add')!.form;
    expect(Object.fromEntries(sent)).toMatchObject({ company: '复旦大学', title: 'XRD', code: 'Nature, 2026', content: '感谢', visible: '1' });
    expect(await screen.findByText('论文致谢已添加')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeVisible());
  });

  it('hides an entry with its switch and deletes one after the question', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/content/thanks/list': { data: { list: [entry({})], total: 1 } },
      '/api/admin/content/thanks/visible': (call) => ({ data: entry({ visible: call.form.get('visible') === '1' }) }),
      '/api/admin/content/thanks/delete': { data: null },
    });
    renderApp(<ThanksPage />, { path: '/admin/content/thanks' });

    await userEvent.click(await screen.findByRole('switch', { name: '显示 Advanced Materials, 2026, 38: 2405123' }));
    expect(await screen.findByText('论文致谢已隐藏')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((call) => call.path === '/api/admin/content/thanks/visible')!.form)).toEqual({ id: '1', visible: '0' });

    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('删除这条论文致谢？');
    expect(question).toHaveTextContent('Advanced Materials, 2026, 38: 2405123（华东理工大学）');
    expect(calls.some((call) => call.path === '/api/admin/content/thanks/delete')).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('论文致谢已删除')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/admin/content/thanks/delete')!.form.get('id')).toBe('1');
  });
});
