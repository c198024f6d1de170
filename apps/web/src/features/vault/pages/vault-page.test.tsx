import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VaultFile } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import VaultPage from './vault-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
const sha = 'a'.repeat(64);
const file: VaultFile = {
  rid: 'vf1',
  orderNo: 'KY2026120100001',
  sampleCode: 'KY2026120100001-1-1',
  instrument: 'SEM Sigma 300',
  description: '二次电子像',
  name: 'sem-001.tif',
  size: 1536,
  sha256: sha,
  state: 'verified',
  uploadedAt: '2026-12-01T02:00:00.000Z',
  retentionEnd: '2027-05-30T02:00:00.000Z',
};

describe('数据保管箱 (member)', () => {
  it('lists a file with its hash and shares it: the link is shown to copy', { timeout: 60_000 }, async () => {
    login();
    const { calls } = mockApi({
      '/api/auth/vault/files': { data: { list: [file], total: 1, page: 1, pageSize: 100 } },
      '/api/auth/vault/shares': { data: [] },
      '/api/auth/vault/certificates': { data: [] },
      '/api/auth/vault/share': { data: { rid: 's1', fileNames: ['sem-001.tif'], hasCode: true, expiresAt: '2026-12-08T02:00:00.000Z', maxDownloads: null, downloads: 0, revokedAt: null, createdAt: '2026-12-01T02:00:00.000Z', path: '/vault/share/TOKEN' }, msg: '分享链接已生成' },
    });
    renderApp(<VaultPage />, { path: '/member/vault' });
    const row = (await screen.findByText('sem-001.tif')).closest('tr')!;
    expect(within(row).getByLabelText('sem-001.tif 的 SHA-256')).toHaveTextContent(sha);
    expect(row).toHaveTextContent('1.5 KB');
    await userEvent.click(within(row).getByLabelText('选择 sem-001.tif'));
    await userEvent.click(screen.getByRole('button', { name: /分享所选/ }));
    await userEvent.type(await screen.findByLabelText('提取码'), 'k7q2');
    await userEvent.click(screen.getByRole('button', { name: '生成链接' }));
    expect(await screen.findByText(/\/vault\/share\/TOKEN$/)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/auth/vault/share');
    expect(sent?.form.get('code')).toBe('k7q2');
    expect(sent?.form.get('rids')).toBe('vf1');
    expect(sent?.form.get('days')).toBe('7');
  });

  it('extends the retention of the chosen files: the quote for 1, then 3 years, and ordering opens the order’s pay dialog', { timeout: 60_000 }, async () => {
    login();
    const quote = (years: number) => ({ files: 1, bytes: 1536, gb: 1, years, gbYearFen: 3000, totalFen: 3000 * years, retentionEnd: '2027-05-30T02:00:00.000Z', newRetentionEnd: `${2027 + years}-05-30T02:00:00.000Z` });
    const { calls } = mockApi({
      '/api/auth/vault/files': { data: { list: [file], total: 1, page: 1, pageSize: 100 } },
      '/api/auth/vault/shares': { data: [] },
      '/api/auth/vault/certificates': { data: [] },
      '/api/auth/vault/extend/quote': (call) => ({ data: quote(Number(call.form.get('years'))) }),
      '/api/auth/vault/extend': (call) => ({ data: { ...quote(Number(call.form.get('years'))), orderNo: 'KY2026120199999999' }, msg: '已生成延期订单，请支付' }),
    });
    const { router } = renderApp(<VaultPage />, { path: '/member/vault' });
    const row = (await screen.findByText('sem-001.tif')).closest('tr')!;
    await userEvent.click(within(row).getByLabelText('选择 sem-001.tif'));
    await userEvent.click(screen.getByRole('button', { name: /延长保存期/ }));
    expect(await screen.findByText('1 GB × 1 年 × ¥30.00 = ¥30.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '3 年' }));
    expect(await screen.findByText('1 GB × 3 年 × ¥30.00 = ¥90.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下单并支付' }));
    await expect.poll(() => `${router.state.location.pathname}${router.state.location.search}`).toBe('/member/order/KY2026120199999999?pay=1');
    const sent = calls.find((c) => c.path === '/api/auth/vault/extend');
    expect(sent?.form.get('rids')).toBe('vf1');
    expect(sent?.form.get('years')).toBe('3');
  });
});
