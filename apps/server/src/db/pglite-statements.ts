import { AsyncLocalStorage } from 'node:async_hooks';
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite, underneath drizzle.
 *
 * PGlite's `query()` parses and plans every statement again (its six protocol steps run
 * PostgreSQL's parser and planner in WebAssembly on the event loop, and planning sizes every
 * index of every table it reads with an fstat each). For the member's order page that was two
 * thirds of the statement's CPU time: 518 µs a call, 178 µs as a prepared statement with its
 * plan kept (docs/decisions.md, "API speed"). So a statement text seen a second time is parsed
 * once as a named statement, and from then on each call is one Bind + Execute + Sync; PostgreSQL
 * keeps the plan (plan_cache_mode auto: custom plans for the first five calls, then the generic
 * one when it is no dearer). Values are serialised and rows parsed exactly as `query()` does.
 *
 * The locks are PGlite's own: a call outside a transaction waits for any transaction to end
 * (`_runExclusiveTransaction`, as `query()` does) and then holds the query lock
 * (`runExclusive`, documented for use with `execProtocol`); a call inside a transaction holds
 * the query lock only. PGlite has one session, so a statement prepared once serves every later
 * call; PREPARE is not undone by a rollback. At most `maxStatements` are kept, the least
 * recently used closed first.
 */
/**
 * PGlite has one connection: a statement sent on the database itself (not on the transaction's
 * handle) from inside a transaction waits for that transaction to end, which waits for the
 * statement — the request hangs for ever. Such a statement fails at once instead, naming the
 * mistake, so every test on PGlite catches it (an audited staff route that passes the app's `db`
 * to a service rather than `request.db`, docs/security.md "The audit row and its change commit
 * together"). A statement started inside but sent after the transaction ended is allowed.
 */
export const OUTSIDE_TRANSACTION = 'a statement on the database itself inside a transaction: PGlite would wait for that transaction for ever (use the transaction handle, e.g. request.db)';
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Written into a statement's text (it is a comment to PostgreSQL), asks for its generic plan; see above. */
export const GENERIC_PLAN = '/* generic plan */';
/** Named once per client; its setting lasts until the end of the transaction it runs in. */
const FORCE_GENERIC = { name: 'force_generic_plan', text: `select set_config('plan_cache_mode', 'force_generic_plan', true)` };
/** Its Bind and Execute, the same bytes every time */
const FORCE_GENERIC_CALL = concat([protocol.serialize.bind({ statement: FORCE_GENERIC.name }), protocol.serialize.execute({})]);

interface Statement {
  name: string;
  /** the text asks for the generic plan (GENERIC_PLAN) */
  generic: boolean;
  paramTypes: number[];
  /** the statement's RowDescription, handed to the result parser in place of a Describe per call */
  rowDescription: InstanceType<typeof protocol.messages.RowDescriptionMessage> | null;
}

/** Statements worth a plan: reads and writes, not utility commands (SET, VACUUM, BEGIN…). */
const preparable = /^\s*(select|insert|update|delete|with)\b/i;
/** "cached plan must not change result type" (a table's columns changed under a kept plan), or the statement is gone */
const statementStale = (error: unknown) => ['0A000', '26000'].includes(String((error as { code?: unknown }).code));

const EXECUTE_SYNC = concat([protocol.serialize.execute({}), protocol.serialize.sync()]);

/**
 * Bind (text values, text results) + Execute + Sync of a named statement, after `prefix`, in one
 * buffer. pg-protocol's serializer builds a Bind with two writers that each allocate a fresh
 * ArrayBuffer on every flush (four allocations and copies: 14 µs a Bind, measured, and garbage
 * for the collector); this writes the same message once, into one buffer. Its one difference
 * from pg-protocol's: no parameter format codes, which the protocol reads as "all text", where
 * pg-protocol writes a text code per value.
 */
function bindExecuteSync(prefix: Uint8Array | null, statement: string, values: (string | null)[]): Uint8Array {
  const lengths = values.map((value) => (value === null ? -1 : Buffer.byteLength(value)));
  const bind = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + lengths.reduce((n, length) => n + 4 + Math.max(length, 0), 0) + 2;
  const out = Buffer.allocUnsafe((prefix?.length ?? 0) + 1 + bind + EXECUTE_SYNC.length);
  let at = 0;
  if (prefix) {
    out.set(prefix);
    at = prefix.length;
  }
  at = out.writeUInt8(0x42, at); // 'B'
  at = out.writeInt32BE(bind, at);
  at = out.writeUInt8(0, at); // the unnamed portal
  at += out.write(statement, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at); // no parameter format codes: all text
  at = out.writeInt16BE(values.length, at);
  values.forEach((value, i) => {
    at = out.writeInt32BE(lengths[i]!, at);
    if (value) at += out.write(value, at);
  });
  at = out.writeInt16BE(0, at); // no result format codes: all text
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** What PGlite adds to an error of `query()`, so a caller sees the same error either way. */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined) {
  if (error instanceof protocol.messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

export function withPreparedStatements(client: PGlite, { maxStatements = 500 } = {}): PgliteClient {
  const statements = new Map<string, Statement>();
  // texts seen once: a one-off statement (a value written into its text) is not worth a name
  let seenOnce = new Set<string>();
  let named = 0;
  // statements found stale, closed with the next Parse (closing a missing one is no error)
  let stale: string[] = [];

  /** Parses `text` as a named statement (closing the least recently used one when full). Holds the query lock. */
  async function prepare(text: string, options: QueryOptions | undefined, syncToFs: boolean): Promise<Statement> {
    const name = `s${(named += 1)}`;
    const messages = stale.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    stale = [];
    if (statements.size >= maxStatements) {
      const [oldest, statement] = statements.entries().next().value!;
      statements.delete(oldest);
      messages.push(protocol.serialize.close({ type: 'S', name: statement.name }));
    }
    messages.push(protocol.serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }));
    messages.push(protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync());
    const described = await client.execProtocol(concat(messages), { syncToFs, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });
    const rowDescription = described.messages.find((m): m is InstanceType<typeof protocol.messages.RowDescriptionMessage> => m.name === 'rowDescription') ?? null;
    const statement = { name, generic: text.includes(GENERIC_PLAN), paramTypes: parse.parseDescribeStatementResults(described.messages), rowDescription };
    statements.set(text, statement);
    return statement;
  }

  let forceGenericNamed = false;

  /** One call of a prepared statement: Bind, Execute, Sync in one message. Holds the query lock. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const syncToFs = !inTransaction;
    let statement = statements.get(text);
    if (statement) {
      // most recently used last, so the first is the one to close
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options, syncToFs);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const generic = statement.generic && !inTransaction;
    if (generic && !forceGenericNamed) {
      await client.execProtocol(concat([protocol.serialize.parse(FORCE_GENERIC), protocol.serialize.sync()]), { syncToFs: false });
      forceGenericNamed = true;
    }
    const prefix = generic ? FORCE_GENERIC_CALL : null;
    const message = values.every((value): value is string | null => value === null || typeof value === 'string')
      ? bindExecuteSync(prefix, statement.name, values)
      : concat([...(prefix ? [prefix] : []), protocol.serialize.bind({ statement: statement.name, values }), EXECUTE_SYNC]);
    const answer = (await client.execProtocol(message, { syncToFs, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) })).messages;
    // the setting's own answer (BindComplete, its row, CommandComplete) comes first
    const messages = generic ? answer.slice(answer.findIndex((m) => m.name === 'commandComplete') + 1) : answer;
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    // parseResults would merge the caller's parsers into a copy of PGlite's ~320 (66 µs a call, for
    // the handful drizzle passes): the same lookups through a table that inherits PGlite's instead
    const [result] = options?.parsers
      ? parse.parseResults(described, Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers), { ...options, parsers: undefined })
      : parse.parseResults(described, client.parsers, options);
    return result as Results<T>;
  }

  /** Whether this call goes through a named statement; the first sighting of a text does not. */
  function worthNaming(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || !preparable.test(text)) return false;
    if (statements.has(text) || seenOnce.has(text)) return true;
    if (seenOnce.size >= 10 * maxStatements) seenOnce = new Set();
    seenOnce.add(text);
    return false;
  }

  async function prepared<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const once = () =>
      client.runExclusive(() => run<T>(text, params, options, inTransaction)).catch((error: unknown) => {
        // forget a stale statement, so the next call parses it again
        const known = statements.get(text);
        if (known && statementStale(error)) {
          statements.delete(text);
          stale.push(known.name);
        }
        throw withQuery(error, text, params, options);
      });
    return inTransaction ? once() : client._runExclusiveTransaction(once);
  }

  function transactionClient(tx: Transaction): Transaction {
    return {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return worthNaming(text, options) ? prepared<T>(text, params, options, true) : tx.query<T>(text, params, options);
      },
      sql: (strings, ...params) => tx.sql(strings, ...params),
      exec: (text, options) => tx.exec(text, options),
      rollback: () => tx.rollback(),
      listen: (channel, callback) => tx.listen(channel, callback),
      get closed() {
        return tx.closed;
      },
    };
  }

  return {
    query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      if (openTransaction.getStore()?.open) throw new Error(OUTSIDE_TRANSACTION);
      // once closed, PGlite's own query() says so ("PGlite is closed"); execProtocol would fail on freed memory
      return !client.closed && worthNaming(text, options) ? prepared<T>(text, params, options, false) : client.query<T>(text, params, options);
    },
    transaction: (callback) => {
      if (openTransaction.getStore()?.open) return Promise.reject(new Error(OUTSIDE_TRANSACTION));
      return client.transaction((tx) => {
        const scope = { open: true };
        return openTransaction.run(scope, () => callback(transactionClient(tx))).finally(() => {
          scope.open = false;
        });
      });
    },
  };
}
