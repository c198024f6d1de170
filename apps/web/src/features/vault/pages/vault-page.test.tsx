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
});
