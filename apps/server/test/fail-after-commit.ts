import type { Db } from '../src/db/client';

/**
 * A database that goes away right after it saved something (issue 28, fault 12): once armed,
 * the first write sent on the database itself (an INSERT, UPDATE or DELETE outside a
 * transaction) or the first transaction to commit is carried out, and every later statement
 * sent on the database fails as a connection cut by a PostgreSQL shutdown would (57P01, which
 * the error handler answers 503). Statements inside the transaction, on its own handle, are
 * untouched. A call that answers from what its transaction returned still answers 200; one
 * that reads its row back after the commit answers 503 although the row was saved — the fault.
 *
 * Only drizzle's public API is wrapped (a Proxy over the Db), nothing of the drivers.
 */
const WRITES = new Set<PropertyKey>(['insert', 'update', 'delete']);
const STATEMENTS = new Set<PropertyKey>(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'transaction', '$count', 'query', 'with', '$with', 'refreshMaterializedView']);

export function failAfterCommit(db: Db) {
  const state = { armed: false, down: false, refused: 0 };
  const shutdown = () => {
    state.refused += 1;
    return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  };
  const proxy = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (!STATEMENTS.has(key)) return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      if (state.down) throw shutdown();
      if (key === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args);
          if (state.armed) state.down = true;
          return result;
        };
      }
      if (WRITES.has(key) && state.armed) {
        // the builder runs on the real database: the write itself goes through, what follows does not
        state.down = true;
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: proxy,
    /** the next commit is the last thing the database does */
    arm() {
      state.armed = true;
      state.down = false;
      state.refused = 0;
    },
    /** the database answers again; how many statements were refused meanwhile */
    disarm() {
      const refused = state.refused;
      state.armed = false;
      state.down = false;
      return refused;
    },
  };
}
