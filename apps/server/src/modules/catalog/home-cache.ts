import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { getContentVersion } from '../content/content-version';
import { buildHomeData } from './catalog.service';

/**
 * Reads the content version for many concurrent requests with one query, without ever
 * answering a request with a version read before it arrived: the requests of one turn of
 * the event loop join a read that starts after that turn (setImmediate), so the read always
 * begins after every request it answers was received. A read of PGlite resolves within the
 * turn that started it, so without this each request would pay a whole query.
 */
export function batchedVersionReader(db: Db): () => Promise<number> {
  let next: { promise: Promise<number>; resolve: (v: number) => void; reject: (e: unknown) => void } | null = null;
  return () => {
    if (!next) {
      let resolve!: (v: number) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<number>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const batch = { promise, resolve, reject };
      next = batch;
      setImmediate(() => {
        if (next === batch) next = null;
        getContentVersion(db).then(batch.resolve, batch.reject);
      });
    }
    return next.promise;
  };
}

export interface CachedHome {
  version: number;
  /** the whole response envelope, serialised once per content version */
  body: string;
}

/**
 * The home data, cached in this process only as a cache. Each request reads the content
 * version (one primary-key lookup); a cached body built for the same version is served, any
 * other version rebuilds. Every content change bumps the version in its own transaction, so
 * a second server instance sees the change on its very next request — no TTL, no stale window.
 *
 * The version is read before the data: if a change lands in between, the body holds newer
 * data under the older version, the next request sees a different version and rebuilds, so
 * the cache can be briefly fresher than its key but never staler. Concurrent misses for the
 * same version share one build.
 */
export function createHomeCache(db: Db, fileHost: string) {
  let cached: CachedHome | null = null;
  let building: { version: number; promise: Promise<CachedHome> } | null = null;
  const readVersion = batchedVersionReader(db);

  return {
    async get(): Promise<CachedHome> {
      const version = await readVersion();
      if (cached?.version === version) return cached;
      if (building?.version !== version) {
        const promise = buildHomeData(db, fileHost).then((data) => {
          const entry = { version, body: JSON.stringify(ok(data)) };
          if (!cached || cached.version !== version) cached = entry;
          return entry;
        });
        building = { version, promise };
        promise.finally(() => {
          if (building?.promise === promise) building = null;
        }).catch(() => undefined);
      }
      return building.promise;
    },
    /** for tests: drops the cache */
    clear() {
      cached = null;
    },
  };
}
