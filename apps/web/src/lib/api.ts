import type { ConsentRequiredData, Envelope } from '@lab/contract';
import type { CallData } from '@lab/contract/call';
import type { accounts } from '@lab/contract/accounts/calls';
import { refresh as refreshRoute } from 'virtual:calls/accounts';
import { memberSession, type SessionStore } from './session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server refuses a member call that starts new processing while a newer 用户协议 or 隐私政策
 * waits for consent (403 with this data); whoever listens (lib/user-info.ts) shows the consent
 * dialog. The reason is checked by its text: the contract's runtime module would bring zod into
 * the public pages' first script.
 */
const CONSENT_REQUIRED: ConsentRequiredData['reason'] = 'CONSENT_REQUIRED';
const consentListeners = new Set<(data: ConsentRequiredData) => void>();
export function onConsentRequired(listener: (data: ConsentRequiredData) => void): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}
const isConsentRequired = (data: unknown): data is ConsentRequiredData =>
  typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === CONSENT_REQUIRED && Array.isArray((data as { consentDue?: unknown }).consentDue);

/** A 409: what the person acted on changed meanwhile (decided by someone else, or edited): show it as it is now. */
export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

export type Body = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  /** sent as a form, as the spec's calls do; FormData goes as multipart */
  body?: Body | FormData;
  /** spec: 30 s by default, none for multipart */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** skip the token refresh (the refresh call itself) */
  skipAuth?: boolean;
  /**
   * the server's in-process transport instead of the browser's fetch; such a call carries no
   * token (and refreshes none): a page drawn on the server holds public data only
   */
  transport?: ApiTransport | undefined;
}

const DEFAULT_TIMEOUT = 30_000;

/**
 * Where a call goes when it is not the browser's own: the server drawing a public page answers
 * its calls in process (entry-server.tsx). Given per call (RequestOptions.transport), never set
 * for the whole module, so one page's drawing cannot send another's calls anywhere.
 */
export interface ApiTransport {
  fetch: typeof fetch;
  /** the origin the call's URL is built on */
  origin: string;
}

function toForm(body: Body): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else form.append(name, String(value));
  }
  return form;
}

/**
 * The API calls of one session store: the member's (below) or the staff's (the back office,
 * lib/admin-api.ts). Each sends its own token and refreshes and clears only its own session.
 */
export function createApiClient(store: SessionStore) {
  /**
   * null: the server refused the refresh token; throws on network trouble (the session stays).
   * The call table's accounts.refresh, sent by this client's own `request` (the typed client in
   * src/api/ is built on this file, so it cannot be used here); member and staff refresh alike.
   */
  async function refreshToken(refresh: string): Promise<CallData<typeof accounts.refresh> | null> {
    try {
      // in the body, not the address: addresses end up in access logs and browser history
      return await request<CallData<typeof accounts.refresh>>(refreshRoute.path, { body: { token: refresh }, skipAuth: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0 && error.status < 500) return null;
      throw error;
    }
  }

  /**
   * Refreshes the token when under an hour is left, or clears an expired one, without a call
   * to make; the site layout runs it every few minutes so an open tab keeps its session.
   */
  const keepSessionFresh = () => store.ensureFreshToken(refreshToken);

  /**
   * Every call: the token header, a timeout, the envelope unwrapped. A failure throws an
   * ApiError carrying the server's msg, whatever the HTTP status; a 401 clears the session.
   */
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { transport } = options;
    const anonymous = options.skipAuth || transport !== undefined;
    if (!anonymous) await store.ensureFreshToken(refreshToken);
    const url = new URL(path, transport ? transport.origin : window.location.origin);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    const session = store.getSession();
    if (session && !anonymous) headers.token = session.token;
    const isMultipart = options.body instanceof FormData;
    const controller = new AbortController();
    const timeout = options.timeoutMs ?? (isMultipart ? 0 : DEFAULT_TIMEOUT);
    const timer = timeout > 0 ? setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeout) : null;
    options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));

    let response: Response;
    try {
      response = await (transport ? transport.fetch : fetch)(url, {
        method: options.method ?? 'POST',
        headers,
        body: options.body === undefined ? undefined : isMultipart ? (options.body as FormData) : toForm(options.body as Body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError('请求超时，请稍后重试', 0);
      if (controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError') {
        throw new ApiError('请求超时，请稍后重试', 0);
      }
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError('网络连接失败，请检查网络后重试', 0);
    } finally {
      if (timer) clearTimeout(timer);
    }

    let envelope: Envelope<T> | null = null;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      envelope = null;
    }
    if (response.status === 401 && !anonymous) store.clearSession();
    if (!envelope || typeof envelope.code !== 'number') {
      throw new ApiError(response.ok ? '服务器返回了无法识别的内容' : `服务暂时不可用（${response.status}）`, response.status);
    }
    if (!envelope.code) {
      if (response.status === 403 && isConsentRequired(envelope.data)) for (const listener of consentListeners) listener(envelope.data);
      throw new ApiError(envelope.msg || '操作失败', response.status, envelope.data);
    }
    return envelope.data;
  }

  const apiGet = <T>(path: string, query?: RequestOptions['query'], options: Omit<RequestOptions, 'query' | 'method'> = {}) =>
    request<T>(path, { ...options, method: 'GET', ...(query ? { query } : {}) });

  const apiPost = <T>(path: string, body?: RequestOptions['body'], options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...options, method: 'POST', ...(body ? { body } : {}) });

  return { request, apiGet, apiPost, keepSessionFresh };
}

const memberApi = createApiClient(memberSession);
export const { request, apiGet, apiPost, keepSessionFresh } = memberApi;

export const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
