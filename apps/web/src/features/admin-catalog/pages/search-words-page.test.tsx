import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSynonym } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { staffSession } from '../../../lib/admin-api';
import SearchWordsPage from './search-words-page';

const group: AdminSynonym = { id: 1, terms: ['sem', '扫描电镜', '扫描电子显微镜'], note: '', updatedAt: '2026-12-01T02:00:00.000Z' };

afterEach(() => staffSession.clearSession());

describe('搜索词 screen', () => {
  it('lists synonym groups and the searches that found nothing; 加为同义词 opens the dialog with the query, and the save sends the terms', { timeout: 90_000 }, async () => {
    staffSession.saveSession({ token: 'staff', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/admin/catalog/synonym/list': { data: { list: [group], total: 1, page: 1, pageSize: 20 } },
      '/api/admin/catalog/search-miss/list': { data: { list: [{ query: '冷冻电镜', count: 7, firstAt: '2026-12-01T00:00:00.000Z', lastAt: '2026-12-02T00:00:00.000Z' }], total: 1, page: 1, pageSize: 10 } },
      '/api/admin/catalog/synonym/add': (call) => ({ data: { ...group, id: 2, terms: (call.form.get('terms') ?? '').split('\n') } }),
    });
    renderApp(<SearchWordsPage />, { path: '/admin/catalog/search-words' });

    expect(await screen.findByText('sem = 扫描电镜 = 扫描电子显微镜')).toBeInTheDocument();
    const misses = await screen.findByRole('region', { name: '无结果的搜索' });
    expect(await within(misses).findByText('冷冻电镜')).toBeInTheDocument();
    expect(within(misses).getByText('7')).toBeInTheDocument();

    await userEvent.click(within(misses).getByRole('button', { name: '加为同义词' }));
    const dialog = await screen.findByRole('dialog');
    const terms = within(dialog).getByLabelText('意思相同的词');
    expect(terms).toHaveValue('冷冻电镜\n');
    // one word alone is no group: said under the field, nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('[同义词]至少填写两个意思相同的词')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/admin/catalog/synonym/add')).toBe(false);

    await userEvent.type(terms, 'Cryo-EM');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/catalog/synonym/add')).toBe(true));
    expect(calls.find((call) => call.path === '/api/admin/catalog/synonym/add')!.form.get('terms')).toBe('冷冻电镜\nCryo-EM');
    expect(await screen.findByText('同义词组已添加')).toBeInTheDocument();
  });
});
