import { isUtf8 } from 'node:buffer';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { parse as parseQueryString } from 'fast-querystring';
import { fail } from './envelope';
import { nulMessage } from './error-handler';
import { badRequest } from './errors';

/**
 * Text as it arrives, before anything reads it (issue 28, hole 17). Node and fastify decode
 * bytes that are not UTF-8 into U+FFFD without a word, so a field with a stray byte was saved
 * as "a�b" and answered 200; a percent-escape of such a byte (`%FF`) in a form or a query string
 * was kept as the three characters. Both are refused here with the envelope, like a NUL
 * (error-handler.ts): bodies are checked as bytes by the JSON and form parsers below, query
 * strings before validation, multipart fields in files.ts.
 * Requests node cannot parse at all (a raw control byte in the request line, headers past
 * 16 KB) never reach a route: `clientErrorHandler` answers them in the envelope too.
 */

const highEscape = /%[89a-f][0-9a-f]/i;

const hexValue = (byte: number) => (byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1);

/**
 * Whether the bytes a form or query text stands for (its %XX escapes decoded, the rest as UTF-8)
 * are UTF-8. A `%` not followed by two hex digits is kept as text, as the parser keeps it.
 */
export function percentDecodedIsUtf8(text: string): boolean {
  // escapes of ASCII bytes alone cannot make a bad sequence; most forms have none above 0x7F
  if (!highEscape.test(text)) return true;
  const raw = Buffer.from(text);
  const bytes = Buffer.allocUnsafe(raw.length);
  let length = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    const high = byte === 0x25 && i + 2 < raw.length ? hexValue(raw[i + 1]!) : -1;
    const low = high >= 0 ? hexValue(raw[i + 2]!) : -1;
    if (low >= 0) {
      bytes[length++] = high * 16 + low;
      i += 2;
    } else bytes[length++] = byte;
  }
  return isUtf8(bytes.subarray(0, length));
}

/** The query string of a request URL decodes to UTF-8 (no query: yes). */
export function queryIsUtf8(url: string): boolean {
  const mark = url.indexOf('?');
  return mark < 0 || percentDecodedIsUtf8(url.slice(mark + 1));
}

/**
 * The body parsers: JSON (fastify's own parser, with its prototype-poisoning checks) and
 * `application/x-www-form-urlencoded` (fast-querystring, as @fastify/formbody parsed it), both
 * reading the body as bytes and refusing it when it is not UTF-8; and the query string's check.
 */
export function registerTextParsers(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!queryIsUtf8(request.url)) throw badRequest(nulMessage);
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(badRequest(nulMessage), undefined);
    json(request, bytes.toString(), done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(badRequest(nulMessage), undefined);
    const text = bytes.toString();
    if (!percentDecodedIsUtf8(text)) return done(badRequest(nulMessage), undefined);
    done(null, parseQueryString(text));
  });
}

const clientErrors: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头过大（网址或 Cookie 太长），请缩短后重试'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时，请重试'],
};
const malformed: [number, string] = [400, '请求格式不正确，无法识别'];

/** How long a connection we answered may go on sending what we will not read before it is cut. */
const DRAIN_MS = 2000;
const answered = new WeakSet<Socket>();

/**
 * Fastify's `clientErrorHandler` (node's 'clientError'): a request node's parser refused — raw
 * bad bytes in the request line, a URL or headers past node's 16 KB, a header timeout — is
 * answered with the envelope in Chinese where the connection can still carry an answer (fastify's
 * and node's own answer in English). The answer closes the connection; what the client is still
 * sending (the rest of a huge header) is read and dropped for a moment rather than cut at once,
 * which would reset the connection before the client reads the answer.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const [status, message] = (error.code && clientErrors[error.code]) || malformed;
  this.log.debug({ code: error.code, status }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(fail(message));
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  socket.setTimeout(DRAIN_MS, () => socket.destroy());
}
