import { describe, expect, it } from 'vitest';
import { changedTables, databaseDigest, storedFiles } from './access-world';
import { fieldSchema } from './value-gate-proof';
import { registry, type Entry } from './value-registry';
import { routeOf, send, useValueWorld, w } from './value-world';

/**
 * Every pinned value decision of the registry (value-decisions.test.ts): the route's schema
 * requires every pin field; the application changes behind the staff member's back and the
 * decision on what they saw is refused with 409, changing no table row and no stored file; read
 * again, the same decision goes through.
 */
useValueWorld();

const pinnedEntries = Object.entries(registry).filter((entry): entry is [string, Extract<Entry, { kind: 'pinned' }>] => entry[1].kind === 'pinned');

describe.each(pinnedEntries)('%s', (key, entry) => {
  it(`requires ${entry.pin.join(', ')} and refuses a stale one with 409, changing nothing`, async () => {
    const c = entry.case;
    const { seen, change } = await c.setup();
    const body = await seen();

    // 1. the schema requires every pin field, and a call without it writes nothing
    for (const field of entry.pin) {
      const { [field]: _dropped, ...without } = body;
      void _dropped;
      const parsed = fieldSchema(routeOf(key)).safeParse(without);
      expect(parsed.success, `${key} accepts a body without ${field}`).toBe(false);
      expect(parsed.error!.issues[0]!.path, `${key}: the first problem of a body without ${field}`).toEqual([field]);
      const digest = await databaseDigest(w.t);
      const refused = await send(key, c, without);
      expect(refused, `${key} without ${field}`).toMatchObject({ status: 400, code: 0 });
      expect(refused.msg).toMatch(/请刷新页面后重新操作/);
      expect(changedTables(digest, await databaseDigest(w.t))).toEqual([]);
    }

    // 2. the application changes after the staff member saw it: their decision is refused, and nothing changes
    await change();
    const digest = await databaseDigest(w.t);
    const files = storedFiles(w.dataDir);
    const stale = await send(key, c, body);
    expect(stale, `${key} on what the staff member saw before the change`).toMatchObject({ status: 409, code: 0, msg: c.refusal });
    expect(changedTables(digest, await databaseDigest(w.t)), `${key}: tables changed by a refused decision`).toEqual([]);
    expect(storedFiles(w.dataDir)).toEqual(files);

    // 3. read again, the same decision goes through
    const fresh = await send(key, c, await seen());
    expect(fresh, `${key} on what the list shows now`).toMatchObject({ code: 1 });
  });
});
