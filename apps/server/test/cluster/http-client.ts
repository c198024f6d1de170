import http from 'node:http';
import type { Reply } from '../server-process';

/**
 * The cluster suite's HTTP client. Every request leaves from a loopback address the test
 * chooses (127.x.y.z, all of which are this machine), so nginx sees as many clients as the test
 * wants and the instances learn each one's address only from nginx's X-Forwarded-For, as in
 * production. fetch cannot choose its source address; node:http can.
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** the client's own address (default 127.0.0.1) */
  from?: string;
}

/** One request; rejects when the connection fails or is cut before the whole answer. */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from ?? '127.0.0.1' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('answer cut')));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface ApiOptions {
  form?: Record<string, string | number | undefined>;
  query?: Record<string, string>;
  token?: string;
  from?: string;
  /** more request headers (a client's own X-Forwarded-For, say) */
  headers?: Record<string, string>;
}

/** The envelope of an API call and the request id the instance answered with (nginx's, passed on). */
export type ApiReply<T> = Reply<T> & { requestId: string };

/** An API call as the web client makes it (a form body, the token header), from `options.from`. */
export async function api<T = unknown>(origin: string, path: string, options: ApiOptions = {}): Promise<ApiReply<T>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(options.form ?? {})) if (v !== undefined) form.set(k, String(v));
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const answer = await request(`${origin}${path}${query}`, {
    method: 'POST',
    from: options.from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(options.token ? { token: options.token } : {}), ...options.headers },
    body: form.toString(),
  });
  let body: { code: number; msg: string; data: T };
  try {
    body = JSON.parse(answer.body.toString()) as typeof body;
  } catch {
    // not the envelope: nginx's own page (a 502 while an instance died), kept as the message
    body = { code: 0, msg: answer.body.toString().slice(0, 200), data: undefined as T };
  }
  return { status: answer.status, code: body.code, msg: body.msg, data: body.data, requestId: String(answer.headers['x-request-id'] ?? '') };
}

/** A multipart form with one file, serialised as fetch would send it. */
export async function multipartBody(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const serialised = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await serialised.arrayBuffer()), contentType: serialised.headers.get('content-type')! };
}
