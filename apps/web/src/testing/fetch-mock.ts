import { vi } from 'vitest';

export interface MockCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  form: URLSearchParams;
  query: URLSearchParams;
}

type Reply = { code?: 0 | 1; msg?: string; data?: unknown; status?: number };
type Handler = (call: MockCall) => Reply | Promise<Reply>;

/**
 * Stubs fetch with the server's envelope: `routes` maps an API path to its answer.
 * Unknown paths answer 404 with a failure envelope. Returns the recorded calls.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const call: MockCall = {
      path: url.pathname,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string> | undefined) },
      form: new URLSearchParams(typeof init.body === 'string' || init.body instanceof URLSearchParams ? init.body : undefined),
      query: url.searchParams,
    };
    calls.push(call);
    const route = routes[url.pathname];
    const reply: Reply = route === undefined ? { code: 0, msg: '请求的内容不存在', status: 404 } : typeof route === 'function' ? await route(call) : route;
    const { status = 200, code = 1, msg = code ? '操作成功' : '操作失败', data = null } = reply;
    return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
