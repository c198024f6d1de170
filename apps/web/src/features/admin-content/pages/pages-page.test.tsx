import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pageKeys, type AdminContentPage } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import PagesPage from './pages-page';

afterEach(() => staffSession.clearSession());

const profile: AdminContentPage = { key: 'profile', title: '', content: '<p>平台成立于 2014 年。</p>', updatedAt: null };

describe('关于与静态页', () => {
  it('names a missing title under it before any call, then saves the page', { timeout: 90_000 }, async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/admin/content/page/list': { data: pageKeys.map((key) => ({ key, title: '', updatedAt: null, textLength: 0 })) },
      '/api/admin/content/page/detail': { data: profile },
      '/api/admin/content/page/save': (call) => ({ data: { ...profile, title: call.form.get('title') ?? '' }, msg: '页面已保存' }),
    });
    renderApp(<PagesPage />, { path: '/admin/content/pages' });

    const title = await screen.findByLabelText('标题');
    const save = screen.getByRole('button', { name: '保存' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findByText('[标题]不能为空')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/content/page/save')).toBe(false);

    await userEvent.type(title, '公司简介');
    await waitFor(() => expect(screen.queryByText('[标题]不能为空')).not.toBeInTheDocument());
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/content/page/save')).toBe(true));
    const sent = calls.find((call) => call.path === '/api/admin/content/page/save')!.form;
    expect(Object.fromEntries(sent)).toMatchObject({ key: 'profile', title: '公司简介', content: '<p>平台成立于 2014 年。</p>' });
    expect(await screen.findByText('页面已保存')).toBeInTheDocument();
  });
});
