import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/harness';
import { GENERIC_PLAN, withPreparedStatements, type PgliteClient } from './pglite-statements';

/** Named statements under drizzle on PGlite: the same answers and errors as PGlite's own query(). */
describe.skipIf(testDbKind !== 'pglite')('PGlite named prepared statements', () => {
  let raw: PGlite;
  let client: PgliteClient;
  const named = async () =>
    (await raw.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name ~ '^s[0-9]+$' order by name`)).rows;

  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(`create table t (id serial primary key, at timestamptz, j jsonb, arr text[], n numeric, b boolean, s text unique)`);
    client = withPreparedStatements(raw, { maxStatements: 3 });
  });
  afterAll(() => raw.close());

  const insert = `insert into t (at, j, arr, n, b, s) values ($1, $2, $3, $4, $5, $6) returning *`;
  const values = (s: string) => [new Date('2026-01-02T03:04:05.678Z'), JSON.stringify({ a: [1, 's'] }), ['x', 'y,z'], '12.50', true, s];

  it('answers as query() does, and names a text the second time it is seen', async () => {
    const first = await client.query(insert, values('a'));
    expect(await named()).toEqual([]);
    const second = await client.query(insert, values('b'));
    const third = await client.query(insert, values('c'));
    const plain = await raw.query(insert, values('d'));
    expect((await named()).map((row) => row.statement)).toEqual([insert]);
    for (const result of [first, second, third]) {
      expect(result.fields).toEqual(plain.fields);
      expect(result.affectedRows).toBe(1);
      expect({ ...(result.rows[0] as object), id: 0, s: '' }).toEqual({ ...(plain.rows[0] as object), id: 0, s: '' });
    }
    expect(second.rows[0]).toMatchObject({ at: new Date('2026-01-02T03:04:05.678Z'), j: { a: [1, 's'] }, arr: ['x', 'y,z'], n: '12.50', b: true, s: 'b' });

    const select = `select id, at, b from t where s = any($1) order by id`;
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `at ${value}` } };
    await client.query(select, [['a']], options);
    const viaName = await client.query(select, [['a', 'c', null]], options);
    expect(viaName.rows).toEqual((await raw.query(select, [['a', 'c', null]], options)).rows);
    expect(viaName.rows).toEqual([
      [1, 'at 2026-01-02 03:04:05.678+00', true],
      [3, 'at 2026-01-02 03:04:05.678+00', true],
    ]);
    // null and undefined parameters are SQL nulls, as in query()
    await client.query(`select count(*)::int as n from t where $1::text is null and $2::int is null`, [null, undefined]);
    expect((await client.query(`select count(*)::int as n from t where $1::text is null and $2::int is null`, [null, undefined])).rows).toEqual([{ n: 4 }]);
    // empty text and characters of two to four bytes, as the named statement's Bind writes them
    const echo = `select $1::text as a, $2::text as b, $3::text as c, $4::text as d`;
    const texts = ['', 'é 中文 🧪', null, 'x'.repeat(5000)];
    await client.query(echo, texts);
    expect((await client.query(echo, texts)).rows).toEqual([{ a: '', b: 'é 中文 🧪', c: null, d: 'x'.repeat(5000) }]);
  });

  it('keeps at most maxStatements, closing the least recently used', async () => {
    const texts = ['select 1 as v where $1::int > 0', 'select 2 as v where $1::int > 0', 'select 3 as v where $1::int > 0', 'select 4 as v where $1::int > 0'];
    for (const text of texts) {
      await client.query(text, [1]);
      expect((await client.query(text, [1])).rows).toEqual([{ v: Number(text[7]) }]);
    }
    const kept = (await named()).map((row) => row.statement);
    expect(kept).toHaveLength(3);
    expect(kept).toEqual(expect.arrayContaining(texts.slice(1)));
    // a closed one is parsed again when it comes back
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ v: 1 }]);
    expect((await named()).map((row) => row.statement)).toContain(texts[0]);
  });

  it('throws the database error query() throws, with its query and parameters', async () => {
    await expect(client.query(insert, values('a'))).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(client.query(`insert into t (s) values ($1)`, ['x\u0000y'])).rejects.toMatchObject({ code: '22021' });
    await expect(client.query(`insert into t (s) values ($1)`, ['x\u0000y'])).rejects.toMatchObject({ code: '22021' });
    await expect(client.query(`select nonsense from t where id = $1`, [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query(`select nonsense from t where id = $1`, [1])).rejects.toMatchObject({ code: '42703' });
    // and the session still answers
    expect((await client.query(`select count(*)::int as n from t where id > $1`, [0])).rows).toEqual([{ n: 4 }]);
  });

  it('runs inside transactions: rolled back with them, and an error aborts them as usual', async () => {
    const count = `select count(*)::int as n from t where s like $1`;
    await client.query(count, ['tx%']);
    await client.transaction(async (tx) => {
      await tx.query(insert, values('tx1'));
      expect((await tx.query(count, ['tx%'])).rows).toEqual([{ n: 1 }]);
      await tx.rollback();
    });
    expect((await client.query(count, ['tx%'])).rows).toEqual([{ n: 0 }]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, values('tx2'));
        await tx.query(insert, values('a'));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query(count, ['tx%'])).rows).toEqual([{ n: 0 }]);
    await client.transaction(async (tx) => {
      await tx.query(insert, values('tx3'));
    });
    expect((await client.query(count, ['tx%'])).rows).toEqual([{ n: 1 }]);
  });

  it('does not run a call outside a transaction inside one that is open', async () => {
    const count = `select count(*)::int as n from t where s = $1`;
    await client.query(count, ['open']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const open = client.transaction(async (tx) => {
      await tx.query(insert, values('open'));
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedOnce;
    const outside = client.query(count, ['open']);
    release();
    await open;
    // it waited for the transaction, which rolled back: the row was never there for it
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('parses a statement again when its table changed under the kept plan, and closes the old one', async () => {
    await raw.exec(`create table u (a int)`);
    const text = `select * from u where a > $1`;
    await client.query(text, [0]);
    await client.query(text, [0]);
    await raw.exec(`alter table u add column b int`);
    await client.query(text, [0]).catch((error: unknown) => expect(error).toMatchObject({ code: '0A000' }));
    expect((await client.query(text, [0])).fields.map((f) => f.name)).toEqual(['a', 'b']);
    expect((await named()).filter((row) => row.statement === text)).toHaveLength(1);
  });

  it('runs a statement that asks for it on its generic plan, and no other statement sees the setting', async () => {
    await raw.exec(`create table g (id int primary key, v text); insert into g select n, 'v' || n from generate_series(1, 2000) n; analyze g`);
    const plain = `select id, v from g where id > $1 order by id limit $2`;
    const hinted = `select ${GENERIC_PLAN} id, v from g where id > $1 order by id limit $2`;
    const plans = async (text: string) =>
      (await raw.query<{ generic_plans: number; custom_plans: number }>(`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1`, [text])).rows[0];
    const setting = async (query: (text: string) => Promise<{ rows: unknown[] }>) => (await query(`select current_setting('plan_cache_mode') as mode`)).rows[0];
    for (let i = 0; i < 8; i += 1) {
      const [viaPlain, viaHint] = [await client.query(plain, [i * 100, 3]), await client.query(hinted, [i * 100, 3])];
      expect(viaHint.rows).toEqual(viaPlain.rows);
      expect(viaHint.rows).toEqual([100, 101, 102].map((n) => ({ id: i * 100 + n - 99, v: `v${i * 100 + n - 99}` })));
      expect(viaHint.fields).toEqual(viaPlain.fields);
      expect(await setting((text) => client.query(text))).toEqual({ mode: 'auto' });
    }
    // named at the second call: seven calls since, all of them on the one generic plan, where
    // `auto` plans the first five for their values (and goes on doing so if the generic plan looks dearer)
    expect(await plans(hinted)).toEqual({ generic_plans: 7, custom_plans: 0 });
    expect(await plans(plain)).toEqual({ generic_plans: 2, custom_plans: 5 });

    // an error rolls the setting back with the call; a transaction does not ask for it
    await expect(client.query(hinted, [0, -1])).rejects.toMatchObject({ code: '2201W', query: hinted });
    expect(await setting((text) => raw.query(text))).toEqual({ mode: 'auto' });
    await client.transaction(async (tx) => {
      expect((await tx.query(hinted, [10, 2])).rows).toEqual([
        { id: 11, v: 'v11' },
        { id: 12, v: 'v12' },
      ]);
      expect(await setting((text) => tx.query(text))).toEqual({ mode: 'auto' });
    });
    // the failed call was bound to the generic plan too; the one in the transaction was planned for its values
    expect(await plans(hinted)).toEqual({ generic_plans: 8, custom_plans: 1 });
  });

  it('names a text once when many first calls race', async () => {
    const text = `select $1::int * 2 as v`;
    await client.query(text, [0]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.query<{ v: number }>(text, [i])));
    expect(answers.map((a) => a.rows[0]!.v)).toEqual(Array.from({ length: 20 }, (_, i) => i * 2));
    expect((await named()).filter((row) => row.statement === text)).toHaveLength(1);
  });
});
