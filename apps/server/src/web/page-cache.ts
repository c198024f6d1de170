import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { createVersionedCache } from '../areas/catalog/content-cache';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A page encoded once per content version: as drawn (40–70 KB, for the client that takes no
 * compression: undoing a gzip for each of them was 0.3 ms of the thread), brotli and gzip
 * (10–13 KB and a little more).
 */
export interface CachedPage {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export async function encodePage(html: string): Promise<CachedPage> {
  const identity = Buffer.from(html);
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  // from the bytes: a page unchanged by a content change keeps its tag, and the browser its copy
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
  return { etag, identity, gzip: gz, br };
}

/**
 * The server-drawn public pages, cached by content version exactly as the home data is
 * (createVersionedCache, docs/decisions/0007-home-data-cache.md): an edit in the back office shows
 * on the next request, on this instance or any other on the same database. A page not drawn
 * (its data failed) is not kept. Nothing a member owns can get in: the pages are drawn from
 * public calls made without a token.
 */
export function createPageCache(db: Db, draw: (url: string) => Promise<string | null>, options: { maxEntries: number }) {
  const cache = createVersionedCache<CachedPage>(db, options);
  return (url: string) => cache.get(url, () => draw(url).then((html) => (html === null ? null : encodePage(html))));
}

/** Sends a cached page in the encoding the browser prefers, or 304 when it has this one. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const encoding = negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}
