import type { z } from 'zod';
import type { StaffRole } from './accounts/schemas';

/**
 * The call table: every API call once, with what the server and the web both need to know
 * about it. The server registers its routes from it (platform/calls.ts: a module adds only the
 * handler), the web gets a typed client from it (apps/web/src/api/), and /api/docs is drawn
 * from it. A call is declared in calls/<resource>.ts:
 *
 *   export const addresses = resource('addresses', {
 *     list: call({ method: 'POST', path: '/api/auth/address/list', who: 'member', summary: '收货地址列表', data: z.array(address) }),
 *   });
 *
 * and its id (the OpenAPI operationId) is `addresses.list`.
 */

/**
 * Who may make the call. `open`: anyone (paths under /api/open/, and the staff login under
 * /api/admin/); `member`: a member's token (/api/auth/); `staff`: any staff token; a list of
 * roles: staff with one of them (admin may always). The path prefix must agree; the server
 * refuses to start when it does not.
 */
export type Who = 'open' | 'member' | 'staff' | readonly StaffRole[];

export interface CallSpec {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  /** what the call does, in Chinese, for the docs (OpenAPI summary) */
  summary: string;
  who: Who;
  /** the form body (POST); the web sends it as x-www-form-urlencoded, or multipart with `multipart` */
  body?: z.ZodType;
  /** the query string (GET) */
  query?: z.ZodType;
  /**
   * The envelope's data on success. Fastify writes the answer from this schema
   * (fast-json-stringify): a field it does not name never leaves the server. `'file'`: a
   * download (the file itself on success, the envelope on failure).
   */
  data: z.ZodType | 'file';
  /** the envelope's msg on success; '操作成功' when not given */
  done?: string;
  /** the body is multipart/form-data, read by the handler as a stream (uploads) */
  multipart?: true;
  /** the body is raw bytes (application/octet-stream), read by the handler as a stream; the query names what they are */
  stream?: true;
  /** more words for the docs: rules, limits, what the person sees */
  description?: string;
}

/** One call of the table, with the id its resource gave it. */
export type Call<S extends CallSpec = CallSpec> = S & { readonly id: string };

/** Declares one call; `const` keeps the literal method, path and who for the types. */
export const call = <const S extends CallSpec>(spec: S): S => spec;

/** A resource's calls, each given the id `<resource>.<key>`. */
export function resource<const T extends Record<string, CallSpec>>(name: string, table: T): { readonly [K in keyof T]: Call<T[K]> } {
  const out: Record<string, Call> = {};
  for (const [key, spec] of Object.entries(table)) out[key] = { ...spec, id: `${name}.${key}` };
  return out as { readonly [K in keyof T]: Call<T[K]> };
}

type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the handler receives, validated. */
export type CallBody<S extends CallSpec> = SchemaOut<S['body']>;
export type CallQuery<S extends CallSpec> = SchemaOut<S['query']>;
/** What the web sends. */
export type CallBodyInput<S extends CallSpec> = SchemaIn<S['body']>;
export type CallQueryInput<S extends CallSpec> = SchemaIn<S['query']>;
/** The envelope's data: what the handler returns and what the web receives. */
export type CallData<S extends CallSpec> = S['data'] extends z.ZodType ? z.output<S['data']> : never;

/**
 * What the web needs of a call at run time: no schemas, so a page's bundle carries no zod. The
 * flags are present only when true (a public page's first script carries these tables).
 */
export interface CallRoute {
  method: CallSpec['method'];
  path: string;
  /** the call carries the staff session's token (the back office's paths), else the member's */
  staff?: true;
  file?: true;
  multipart?: true;
  /** the call takes a body or a query (the client's first argument); else its options come first */
  input?: true;
}

export function routeOf(spec: CallSpec): CallRoute {
  const route: CallRoute = { method: spec.method, path: spec.path };
  if (spec.path.startsWith('/api/admin/')) route.staff = true;
  if (spec.data === 'file') route.file = true;
  if (spec.multipart) route.multipart = true;
  if (spec.body ?? spec.query ?? spec.multipart) route.input = true;
  return route;
}
