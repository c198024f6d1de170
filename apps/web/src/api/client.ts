import type { Call, CallBodyInput, CallData, CallQueryInput, CallRoute } from '@lab/contract/call';
import { adminDownload, adminRequest } from '../lib/admin-api';
import { request, type Body, type RequestOptions } from '../lib/api';
import { downloadFile } from '../lib/download';

/**
 * The typed client of the contract's call table. Each resource has one file here:
 *
 *   import type { addresses as table } from '@lab/contract/calls/addresses';
 *   import routes from 'virtual:calls/addresses';
 *   export const addresses = bindCalls<typeof table>(routes);
 *
 * and a feature calls `addresses.add(body)` → the typed data (a failure throws ApiError with
 * the server's msg). The types come from the table; at run time only the method and path
 * (vite's call-routes plugin), so no zod reaches the page. A staff call (the back office's
 * paths) carries the staff session's token, every other call the member's.
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

function bindOne(route: CallRoute): (...args: unknown[]) => Promise<unknown> {
  const send = route.staff ? adminRequest : request;
  if (route.file) {
    const save = route.staff ? adminDownload : downloadFile;
    return (query, fallbackName) => save(route.path, (query ?? {}) as Record<string, string | undefined>, String(fallbackName));
  }
  return (first, second) => {
    const input = route.input ? first : undefined;
    const options = ((route.input ? second : first) ?? {}) as Options;
    if (route.method === 'GET') return send(route.path, { ...options, method: 'GET', ...(input ? { query: input as Query } : {}) });
    return send(route.path, { ...options, method: 'POST', ...(input ? { body: input as Body | FormData } : {}) });
  };
}

export function bindCalls<T extends Record<string, Call>>(routes: Record<string, CallRoute>): Client<T> {
  return Object.fromEntries(Object.entries(routes).map(([key, route]) => [key, bindOne(route)])) as Client<T>;
}
