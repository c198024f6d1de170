import fc from 'fast-check';
import type { RouteEntry } from '../../src/app';
import { hugeTexts, nastyString, toJsonSchema, valueFor } from './values';

/**
 * Requests generated from a route's own zod schemas (the contract): a plausible value for
 * each field as the schema describes it (JSON Schema, input side), then broken in the ways
 * clients and attackers break them — wrong types, missing and unknown fields, oversized and
 * boundary values, control characters, prototype keys — and sent in every encoding the
 * server reads (JSON, forms, multipart) or pretends to (malformed and mislabelled bodies).
 * The values are values.ts's; this file makes requests of them.
 */

export interface FuzzRequest {
  /** how the request was made, for the failure message */
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// ---- encodings ----

function formValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const encodedHuge = new Map(hugeTexts.map((text) => [text, encodeURIComponent(text)]));

/** Percent-encodes like encodeURIComponent; a lone surrogate becomes its (invalid) UTF-8 bytes. */
function encode(text: string): string {
  const known = encodedHuge.get(text);
  if (known !== undefined) return known;
  // the whole text at once unless it holds a lone surrogate (which encodeURIComponent refuses)
  try {
    return encodeURIComponent(text);
  } catch {
    // per character below
  }
  let out = '';
  for (const char of text) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const c = char.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

/** application/x-www-form-urlencoded, as browsers and curl send it (repeated keys for arrays). */
export function encodeForm(value: unknown, style: 'repeat' | 'brackets'): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `value=${encode(formValue(value))}`;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (Array.isArray(field) && field.length < 100) {
      field.forEach((item, i) => parts.push(`${encode(style === 'brackets' ? `${key}[${i}]` : key)}=${encode(formValue(item))}`));
    } else if (field && typeof field === 'object' && style === 'brackets' && !Array.isArray(field)) {
      for (const [inner, item] of Object.entries(field)) parts.push(`${encode(`${key}[${inner}]`)}=${encode(formValue(item))}`);
    } else {
      parts.push(`${encode(key)}=${encode(formValue(field))}`);
    }
  }
  return parts.join('&');
}

const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function multipart(value: unknown, file: Buffer | null, broken: boolean): Buffer {
  const chunks: Buffer[] = [];
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value] as const];
  for (const [key, field] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key.replace(/"/g, '')}"\r\n\r\n${formValue(field)}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`), file, Buffer.from('\r\n'));
  }
  if (!broken) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const jsonType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json; charset=utf-16', 'application/vnd.api+json');
const wrongType = fc.constantFrom('text/plain', 'text/html', 'application/xml', 'application/octet-stream', 'image/png', 'multipart/form-data', 'multipart/mixed; boundary=x', 'x/y;;;', '', 'application/x-www-form-urlencoded; charset=gbk');

/** Malformed JSON text: truncated, stray characters, trailing commas, comments, huge nesting. */
const malformedJson = (text: string) =>
  fc.oneof(
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)),
    fc.tuple(fc.nat({ max: text.length }), fc.constantFrom('"', '{', ']', ',', '\u0000', '\\', '\ud800', 'NaN')).map(([at, c]) => text.slice(0, at) + c + text.slice(at)),
    fc.constantFrom('{"a":1,}', '{a:1}', "{'a':1}", '{"a":1}/*c*/', '\uFEFF{}', 'nul', '[', '}', '"just a string"', '123', 'true', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"a":1,"a":{"b":2}}'),
    fc.constantFrom(5_000, 100_000).map((d) => '['.repeat(d) + ']'.repeat(d)),
    fc.constantFrom(5_000, 100_000).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
  );

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([pngMagic, Buffer.from(b)])),
  fc.constant(Buffer.alloc(0)),
);

/** Every request the fuzzer may send to a route. */
export function requestsFor(route: RouteEntry, headers: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const method = route.method as 'GET' | 'POST';
  const bodySchema = toJsonSchema(route.schema?.body);
  const querySchema = toJsonSchema(route.schema?.querystring);
  const body = valueFor(bodySchema);
  const query = valueFor(querySchema);
  // no route has path parameters today; should one get them, each request fills them with hostile text
  const params = route.url.match(/:\w+/g) ?? [];
  const path = fc
    .array(fc.oneof(nastyString.map((text) => encode(text) || 'x'), fc.constantFrom('%', '%ZZ', '..%2F..%2Fetc', '%00', '-1', '99999999999999999999')), { minLength: params.length, maxLength: params.length })
    .map((values) => values.reduce((url, value, i) => url.replace(params[i]!, value), route.url));

  const queryString = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(query, fc.constantFrom('repeat', 'brackets') as fc.Arbitrary<'repeat' | 'brackets'>).map(([v, style]) => encodeForm(v, style)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&=&', 'rid=1&rid=2&rid=3', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1', `x=${'a'.repeat(50_000)}`, 'rid=%00', 'page=1e999&pageSize=-1') },
  );

  if (method === 'GET') {
    return fc.tuple(queryString, fc.boolean(), path).map(([q, withBody, url]) => ({
      kind: `query ${q.slice(0, 60)}`,
      method,
      url: q ? `${url}?${q}` : url,
      headers: withBody ? { ...headers, 'content-type': 'application/json' } : { ...headers },
      ...(withBody ? { payload: '{"ignored":' } : {}),
    }));
  }

  const q = querySchema ? queryString : fc.constant('');
  const encoded: fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'> & { query: string }> = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(body, jsonType, q).map(([v, type, qs]) => ({ kind: 'json', query: qs, headers: { ...headers, 'content-type': type }, payload: JSON.stringify(v) ?? '' })) },
    {
      weight: 5,
      arbitrary: fc.tuple(body, fc.constantFrom('repeat', 'brackets') as fc.Arbitrary<'repeat' | 'brackets'>, q).map(([v, style, qs]) => ({
        kind: `form/${style}`,
        query: qs,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: encodeForm(v, style),
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(body, jsonType)
        .chain(([v, type]) => malformedJson(JSON.stringify(v) ?? '{}').map((text) => ({ kind: 'malformed json', query: '', headers: { ...headers, 'content-type': type }, payload: text }))),
    },
    { weight: 1, arbitrary: fc.tuple(body, wrongType).map(([v, type]) => ({ kind: `wrong type ${type}`, query: '', headers: { ...headers, 'content-type': type }, payload: JSON.stringify(v) ?? '' })) },
    {
      weight: 2,
      arbitrary: fc.tuple(body, fc.option(fileBytes), fc.boolean(), fc.boolean()).map(([v, file, broken, noBoundary]) => ({
        kind: `multipart${broken ? ' (unterminated)' : ''}${noBoundary ? ' (wrong boundary)' : ''}`,
        query: '',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${noBoundary ? 'other' : boundary}` },
        payload: multipart(v, file, broken),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: 'no body, json type', query: '', headers: { ...headers, 'content-type': 'application/json' } },
        { kind: 'no body, no type', query: '', headers: { ...headers } },
        { kind: 'empty form', query: '', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' },
        { kind: 'body over 1 MB', query: '', headers: { ...headers, 'content-type': 'application/json' }, payload: `{"a":"${'x'.repeat(1024 * 1024)}"}` },
        { kind: 'form over 1 MB', query: '', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: `a=${'x'.repeat(1024 * 1024)}` },
        { kind: 'binary as json', query: '', headers: { ...headers, 'content-type': 'application/json' }, payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0x81]) },
      ),
    },
  );
  return fc.tuple(encoded, path).map(([{ query: qs, ...rest }, url]) => ({ ...rest, method, url: qs ? `${url}?${qs}` : url }));
}