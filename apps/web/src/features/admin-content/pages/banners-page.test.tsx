import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBanner } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import BannersPage from './banners-page';

const banner = (over: Partial<AdminBanner>): AdminBanner => ({
  id: 1,
  img: '/upload/img/banners/banner-1.svg',
  imgUrl: '/upload/img/banners/banner-1.svg',
  redirect: null,
  redirectItem: null,
  title: '一站式科研检测服务平台',
  description: '300+ 台套大型仪器',
  sort: 0,
  visible: true,
  ...over,
});

const banners = [
  banner({}),
  banner({ id: 2, img: '/upload/img/banners/banner-2.svg', imgUrl: '/upload/img/banners/banner-2.svg', title: 'XRD 粉末衍射 ¥60 起', redirect: 'rid0000000000001', redirectItem: { rid: 'rid0000000000001', name: 'XRD 粉末衍射（物相分析）' }, sort: 1 }),
  banner({ id: 3, title: '高校客户先测后付', redirect: 'https://example.com/pay-later', sort: 2, visible: false }),
];

afterEach(() => staffSession.clearSession());

/** The table's data rows (antd adds a hidden measuring row when columns are fixed). */
const dataRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));

const login = () => staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('轮播图 screen', () => {
  it('lists the banners with where each leads and whether it shows; moving one sends the whole new order', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/content/banner/list': { data: banners },
      '/api/admin/content/banner/reorder': (call) => ({ data: banners, msg: '顺序已保存', ...(call.form.get('ids') ? {} : { code: 0 }) }),
    });
    renderApp(<BannersPage />, { path: '/admin/content/banners' });

    await screen.findByText('一站式科研检测服务平台');
    const rows = dataRows();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('一站式科研检测服务平台');
    expect(rows[0]).toHaveTextContent('不跳转');
    expect(rows[1]).toHaveTextContent('服务项目XRD 粉末衍射（物相分析）');
    expect(within(rows[2]!).getByRole('link', { name: /example\.com\/pay-later/ })).toHaveAttribute('target', '_blank');
    expect(within(rows[2]!).getByRole('switch')).not.toBeChecked();
    expect(screen.getByRole('button', { name: '上移 一站式科研检测服务平台' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '上移 XRD 粉末衍射 ¥60 起' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/content/banner/reorder')).toBe(true));
    expect(calls.find((call) => call.path === '/api/admin/content/banner/reorder')!.form.get('ids')).toBe('2,1,3');
    expect(await screen.findByText('顺序已保存')).toBeInTheDocument();
  });

  it('edits a banner: the form holds its values, the contract refuses a bad link first, the save sends every field', { timeout: 90_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/admin/content/banner/list': { data: banners },
      '/api/admin/content/banner/edit': (call) => ({ data: banner({ id: Number(call.form.get('id')), title: call.form.get('title') }) }),
    });
    renderApp(<BannersPage />, { path: '/admin/content/banners' });

    await userEvent.click(await screen.findByRole('button', { name: '编辑 高校客户先测后付' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑轮播图' });
    const title = within(dialog).getByLabelText('标题');
    expect(title).toHaveValue('高校客户先测后付');
    const link = within(dialog).getByLabelText('链接网址');
    expect(link).toHaveValue('https://example.com/pay-later');

    await userEvent.clear(link);
    await userEvent.paste('javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('[链接]应为 http(s) 网址或服务项目编号')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/content/banner/edit')).toBe(false);

    await userEvent.clear(title);
    await userEvent.paste('春季检测季 全场 9 折');
    await userEvent.click(within(dialog).getByRole('radio', { name: '不跳转' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/content/banner/edit')).toBe(true));
    const sent = calls.find((call) => call.path === '/api/admin/content/banner/edit')!.form;
    expect(Object.fromEntries(sent)).toEqual({ id: '3', img: '/upload/img/banners/banner-1.svg', title: '春季检测季 全场 9 折', description: '300+ 台套大型仪器', sort: '2', visible: '0' });
    expect(await screen.findByText('轮播图已保存')).toBeInTheDocument();
  });
});
