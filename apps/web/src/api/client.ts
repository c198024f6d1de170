import type { Call, CallBodyInput, CallData, CallQueryInput, CallRoute } from '@lab/contract/call';
import { request, type Body, type RequestOptions } from '../lib/api';

/**
 * The typed client of the contract's call table. Each resource has one file here:
 *
 *   import type { addresses as table } from '@lab/contract/member/address-calls';
 *   import routes from 'virtual:calls/addresses';
 *   export const addresses = bindCalls<typeof table>(routes);
 *
 * and a feature calls `addresses.add(body)` → the typed data (a failure throws ApiError with
 * the server's msg). The types come from the table; at run time only the method and path
 * (vite's call-routes plugin), so no zod reaches the page. A member's or open call carries the
 * member session's token; the back office's resources bind with `bindStaffCalls`
 * (api/staff-client.ts) and carry the staff session's — kept apart so a public page's bundle
 * holds none of the back office's client.
 */

type Options = Omit<RequestOptions, 'method' | 'query' | 'body'>;

type Sent<S extends Call> = CallBodyInput<S> extends undefined ? undefined : CallBodyInput<S>;

export type CallFn<S extends Call> = S['data'] extends 'file'
  ? /** saves the file; resolves to its name */ (query: CallQueryInput<S>, fallbackName: string) => Promise<string>
  : S['method'] extends 'GET'
    ? CallQueryInput<S> extends undefined
      ? (options?: Options) => Promise<CallData<S>>
      : (query: CallQueryInput<S>, options?: Options) => Promise<CallData<S>>
    : S['multipart'] extends true
      ? (form: FormData, options?: Options) => Promise<CallData<S>>
      : Sent<S> extends undefined
        ? (options?: Options) => Promise<CallData<S>>
        : (body: Sent<S>, options?: Options) => Promise<CallData<S>>;

export type Client<T extends Record<string, Call>> = { readonly [K in keyof T]: CallFn<T[K]> };

type Query = Record<string, string | number | undefined>;

/** How a resource's calls reach the server: the member's session or the staff's. */
export interface Transport {
  staff: boolean;
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  /** saves a file call's answer; only resources with downloads need it */
  download?: Download;
}

export type Download = (path: string, query: Record<string, string | undefined>, fallbackName: string) => Promise<string>;

function bindOne(route: CallRoute, transport: Transport): (...args: unknown[]) => Promise<unknown> {
  if (route.file) {
    const { download } = transport;
    if (!download) throw new Error(`${route.path}: a file call; bind its resource with a download (lib/download.ts)`);
    return (query, fallbackName) => download(route.path, (query ?? {}) as Record<string, string | undefined>, String(fallbackName));
  }
  return (first, second) => {
    const input = route.input ? first : undefined;
    const options = ((route.input ? second : first) ?? {}) as Options;
    if (route.method === 'GET') return transport.request(route.path, { ...options, method: 'GET', ...(input ? { query: input as Query } : {}) });
    return transport.request(route.path, { ...options, method: 'POST', ...(input ? { body: input as Body | FormData } : {}) });
  };
}

export function bindWith<T extends Record<string, Call>>(routes: Record<string, CallRoute>, transport: Transport): Client<T> {
  const entries = Object.entries(routes).map(([key, route]) => {
    // a staff path with the member's token (or the reverse) would answer 401/403: say so at once
    if (Boolean(route.staff) !== transport.staff) throw new Error(`${route.path}: bind it with ${route.staff ? 'bindStaffCalls' : 'bindCalls'}`);
    return [key, bindOne(route, transport)];
  });
  return Object.fromEntries(entries) as Client<T>;
}

/**
 * A member's (or open) resource: the member session's token. A resource with file calls passes
 * `downloadFile` (lib/download.ts); the others leave it out, so the public pages' first script
 * does not carry the download code.
 */
export const bindCalls = <T extends Record<string, Call>>(routes: Record<string, CallRoute>, download?: Download) =>
  bindWith<T>(routes, { staff: false, request, ...(download ? { download } : {}) });
