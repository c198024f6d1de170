import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

/**
 * The migration that made consultations threads (0048; decisions/0062): a database with
 * consultations of the single-reply days keeps every question, and each reply becomes the
 * thread's first staff message, with the state it implies.
 */
const files = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).sort();
const upTo = (name: string) => files.slice(0, files.findIndex((f) => f.startsWith(name)));
const from = (name: string) => files.slice(files.findIndex((f) => f.startsWith(name)));

async function apply(db: PGlite, names: string[]) {
  for (const name of names) {
    for (const statement of fs.readFileSync(path.join(migrationsFolder, name), 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await db.exec(statement);
    }
  }
}

let db: PGlite;
beforeAll(async () => {
  db = new PGlite({ extensions: { pg_trgm } });
  await apply(db, upTo('0048_consultation_threads'));
}, 300_000);
afterAll(() => db.close());

describe('migration 0048: single replies become threads', () => {
  it('keeps the questions, moves each reply into the thread as the first staff message, links members by phone, sets the state', async () => {
    await db.exec(`
      insert into staff (account, name, role, password_hash) values ('sales_m', '林经理', 'sales', 'x');
      insert into members (rid, phone, nickname, invite_code) values ('m-rid-1', '13800000001', '会员甲', 'INV00001');
      insert into consultations (name, phone, content, created_at) values ('访客乙', '13900000002', '还没回复的问题', '2026-11-01T01:00:00Z');
      insert into consultations (name, phone, content, created_at, reply, replied_at, handled_at, handled_by)
        values ('会员甲', '13800000001', '已回复的问题', '2026-11-02T01:00:00Z', '这是当时的回复', '2026-11-02T03:00:00Z', '2026-11-02T03:00:00Z', (select id from staff where account = 'sales_m'));
    `);
    await apply(db, from('0048_consultation_threads'));

    const threads = (await db.query<{ id: number; rid: string; member_id: number | null; status: string; last_message_at: Date; content: string }>(
      'select id, rid, member_id, status, last_message_at, content from consultations order by id',
    )).rows;
    expect(threads.map((c) => [c.content, c.status])).toEqual([
      ['还没回复的问题', 'pending'],
      ['已回复的问题', 'replied'],
    ]);
    expect(threads.every((c) => /^[0-9a-f]{32}$/.test(c.rid))).toBe(true);
    expect(new Set(threads.map((c) => c.rid)).size).toBe(2);
    const [member] = (await db.query<{ id: number }>("select id from members where phone = '13800000001'")).rows;
    expect(threads.map((c) => c.member_id)).toEqual([null, member!.id]);
    expect(threads[0]!.last_message_at.toISOString()).toBe('2026-11-01T01:00:00.000Z');
    expect(threads[1]!.last_message_at.toISOString()).toBe('2026-11-02T03:00:00.000Z');

    const messages = (await db.query<{ consultation_id: number; author: string; staff_id: number; content: string; created_at: Date }>(
      'select consultation_id, author, staff_id, content, created_at from consultation_messages order by id',
    )).rows;
    const [staff] = (await db.query<{ id: number }>("select id from staff where account = 'sales_m'")).rows;
    expect(messages).toEqual([{ consultation_id: threads[1]!.id, author: 'staff', staff_id: staff!.id, content: '这是当时的回复', created_at: new Date('2026-11-02T03:00:00Z') }]);

    const columns = (await db.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'consultations'")).rows.map((r) => r.column_name);
    expect(columns).not.toContain('reply');
    expect(columns).not.toContain('replied_at');
  });
});
