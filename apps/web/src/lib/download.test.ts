import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../testing/fetch-mock';
import { ApiError } from './api';
import { createDownloader, createFileReader } from './download';
import type { StoredSession } from './session';

const source = { getSession: (): StoredSession => ({ token: 'staff-token', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 }), keepSessionFresh: () => Promise.resolve() };

afterEach(() => vi.unstubAllGlobals());

describe('files behind the token', () => {
  it('reads a file as a Blob with the token header and the query, leaving out empty values', async () => {
    const { calls } = mockApi({ '/api/admin/funds/prestore/receipt': { data: 'receipt' } });
    const blob = await createFileReader(source)('/api/admin/funds/prestore/receipt', { rid: 'P1', page: '' });
    expect(blob.type).toBe('application/json');
    expect(blob.size).toBe(new TextEncoder().encode(JSON.stringify({ code: 1, msg: '操作成功', data: 'receipt' })).length);
    expect(calls[0]!.headers.token).toBe('staff-token');
    expect([...calls[0]!.query]).toEqual([['rid', 'P1']]);
  });

  it('a refusal becomes an ApiError with the envelope’s msg, or says what failed when there is none', async () => {
    mockApi({ '/api/admin/funds/prestore/receipt': { code: 0, msg: '凭证不存在', status: 404 } });
    await expect(createFileReader(source)('/api/admin/funds/prestore/receipt', { rid: 'P1' })).rejects.toEqual(new ApiError('凭证不存在', 404));

    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('Bad Gateway', { status: 502 }))));
    await expect(createFileReader(source)('/f', {})).rejects.toThrow('文件读取失败（502）');
    await expect(createDownloader(source)('/f', {}, 'a.pdf')).rejects.toThrow('下载失败（502）');
  });
});
