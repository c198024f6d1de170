import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { getContentVersion } from '../content';

/**
 * Reads the content version for many concurrent requests with one query, without ever
 * answering a request with a version read before it arrived: requests join a read that has
 * not started yet, and it starts after the event-loop turn they arrived in (setImmediate) and
 * once the read before it has settled, so one read is in flight at a time: the requests that
 * arrive during a read's round trip share the next one rather than each turn starting its own
 * (docs/decisions/0022-stock-database-drivers.md). The same on both databases.
 */
export function batchedVersionReader(db: Db): () => Promise<number> {
  let waiting: { promise: Promise<number>; resolve: (v: number) => void; reject: (e: unknown) => void } | null = null;
  let reading = false;
  const start = () => {
    const batch = waiting;
    if (!batch) return;
    waiting = null;
    reading = true;
    void getContentVersion(db)
      .then(batch.resolve, batch.reject)
      .finally(() => {
        reading = false;
        if (waiting) setImmediate(start);
      });
  };
  return () => {
    if (!waiting) {
      let resolve!: (v: number) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<number>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      waiting = { promise, resolve, reject };
      if (!reading) setImmediate(start);
    }
    return waiting.promise;
  };
}

export interface CachedBody {
  version: number;
  /** the whole response envelope, serialised and encoded once per content version */
  body: Buffer;
  etag: string;
}

/**
 * Things built from the catalogue and the site's content only (the home data, an item's detail
 * page, the server-drawn public pages), cached in this process only as a cache. Each request
 * reads the content version (one primary-key lookup, shared by the requests of one event-loop
 * turn, batchedVersionReader); entries built for that version
 * or a newer one are served, an older set is dropped. Every content change bumps the version
 * in its own transaction, so a second server instance sees the change on its very next
 * request — no TTL, no stale window.
 *
 * The version is read before the data: if a change lands in between, the entry holds newer
 * data under the older version, the next request sees a different version and rebuilds, so
 * the cache can be briefly fresher than its key but never staler. Concurrent misses for the
 * same key share one build; a failed build (an unknown item), or one that answers null, is not
 * kept. At most `maxEntries` entries are kept, the least recently used going first.
 */
export function createVersionedCache<T>(db: Db, options: { maxEntries: number }) {
  const readVersion = batchedVersionReader(db);
  let entriesVersion = -1;
  let entries = new Map<string, Promise<T | null>>();

  return {
    /** `build` gets the version its entry is kept under. */
    async get(key: string, build: (version: number) => Promise<T | null>): Promise<T | null> {
      const version = await readVersion();
      if (version > entriesVersion) {
        entriesVersion = version;
        entries = new Map();
      }
      const found = entries.get(key);
      if (found) {
        // most recently used last, so the first key is the one to evict
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      // a request that read an older version than another already saw is answered from the
      // newer set, and what it builds belongs there too (its data is read after that version)
      const built = build(entriesVersion);
      const set = entries;
      set.set(key, built);
      if (set.size > options.maxEntries) set.delete(set.keys().next().value!);
      const forget = () => {
        if (set.get(key) === built) set.delete(key);
      };
      built.then((value) => value ?? forget(), forget);
      return built;
    },
  };
}

/** Public API answers (the home data, an item's detail page), kept encoded with their ETag. */
export function createContentCache(db: Db, options: { maxEntries: number }) {
  const cache = createVersionedCache<CachedBody>(db, options);
  return {
    async get(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
      const cached = await cache.get(key, (version) =>
        build().then((data) => ({ version, body: Buffer.from(JSON.stringify(ok(data))), etag: `W/"${key.split(':')[0]}-${version}"` })),
      );
      return cached!;
    },
  };
}

/** Sends a cached body, or 304 when the browser already holds this version. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache').type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  return reply.send(cached.body);
}
