import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BankLineView, BankStatementUploaded, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/access-world';
import { insertMembers } from '../../../test/bulk-orders';
import { fundsContext, post, staffOf } from './test-helpers';

/**
 * The benchmark of issue 37 (BANK_BENCH=1, meant for --project postgres): a 5,000-line
 * statement (generic layout, csv) against 5,000 pending 预存申请 and 50,000 decided ones;
 * 2,000 lines name their application in the remark, 2,000 agree on amount and payer, 1,000
 * match nothing. "Matched" = the upload read and kept, then every open line listed with its
 * proposal (50 pages of 100, as finance pages through them). Off by default.
 */
const LINES = Number(process.env.BANK_BENCH_LINES ?? 5000);
const NOW = new Date('2026-12-01T02:00:00Z');
let t: TestContext;
let finance: Awaited<ReturnType<typeof staffOf>>;

const applyNo = (g: number) => `YC20261130${String(g).padStart(6, '0')}`;
const amountOf = (g: number) => 100_000 + (g % 997) * 100;
const payerOf = (g: number) => `付款单位${g}有限公司`;

describe.skipIf(!process.env.BANK_BENCH)('a 5,000-line bank statement', () => {
  beforeAll(async () => {
    t = await createTestContext({ now: NOW });
    await fundsContext(t);
    finance = await staffOf(t, 'finance');
    const members = await insertMembers(t.db, 'bank', 400_000_000, 2000, NOW);
    const first = members[0]!;
    // 5,000 pending (g = 1..LINES) and 50,000 decided applications of earlier months
    await t.db.execute(sql`insert into prestore_applications (rid, apply_no, member_id, amount_fen, payer, status, created_at, updated_at, decided_at)
      select md5('pre' || g), case when g <= ${LINES} then 'YC20261130' || lpad(g::text, 6, '0') else 'YC20250101' || lpad(g::text, 6, '0') end,
        ${first}::int + g % 2000, 100000 + (g % 997) * 100, '付款单位' || g || '有限公司',
        case when g <= ${LINES} then 'pending' else 'confirmed' end, ${NOW.toISOString()}::timestamptz - (g || ' minutes')::interval, ${NOW.toISOString()}::timestamptz,
        case when g > ${LINES} then ${NOW.toISOString()}::timestamptz end
      from generate_series(1, ${LINES * 11}) g`);
    await t.db.execute(sql.raw('vacuum analyze prestore_applications'));
  }, 600_000);
  afterAll(() => t?.close());

  it('is read, kept and proposed within 5 s', async () => {
    const rows = ['日期,时间,收入金额,支出金额,付款人,付款账号,备注,流水号'];
    for (let g = 1; g <= LINES; g += 1) {
      const kind = g % 5; // 0, 1: the number in the remark; 2, 3: amount and payer; 4: nothing known
      const remark = kind <= 1 ? `预存 ${applyNo(g)}` : kind <= 3 ? '测试费' : '货款';
      const amount = kind === 4 ? 77_777 + g : amountOf(g);
      rows.push(`2026-11-30,${String(9 + (g % 9)).padStart(2, '0')}:${String(g % 60).padStart(2, '0')}:00,${(amount / 100).toFixed(2)},,${kind === 4 ? '不认识的公司' : payerOf(g)},6222${String(g).padStart(12, '0')},${remark},B${g}`);
    }
    const bytes = Buffer.from(rows.join('\r\n'));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const uploaded = await multipart<BankStatementUploaded>(t.app, '/api/admin/funds/bank/upload', finance.token, {}, { name: '流水.csv', bytes, type: 'text/csv' });
    const uploadMs = performance.now() - started;
    const uploadCpuMs = process.cpuUsage(cpu).user / 1000 + process.cpuUsage(cpu).system / 1000;
    expect(uploaded.data).toMatchObject({ duplicate: false, added: LINES });
    let proposed = 0;
    let listed = 0;
    for (let page = 1; listed < LINES; page += 1) {
      const res = await post<Page<BankLineView>>(t, '/api/admin/funds/bank/lines', finance, { status: 'open', page, pageSize: 100 });
      expect(res.code, res.msg).toBe(1);
      listed += res.data.list.length;
      proposed += res.data.list.filter((line) => line.proposal).length;
      if (res.data.list.length === 0) break;
    }
    const totalMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const totalCpuMs = (used.user + used.system) / 1000;
    const again = performance.now();
    const duplicate = await multipart<BankStatementUploaded>(t.app, '/api/admin/funds/bank/upload', finance.token, {}, { name: '流水.csv', bytes, type: 'text/csv' });
    const duplicateMs = performance.now() - again;
    expect(duplicate.data.duplicate).toBe(true);
    process.stdout.write(
      `bank statement of ${LINES} lines: upload ${uploadMs.toFixed(0)} ms (server CPU ${uploadCpuMs.toFixed(0)} ms), with every line's proposal ${totalMs.toFixed(0)} ms (server CPU ${totalCpuMs.toFixed(0)} ms); ${proposed} proposed; the same file again ${duplicateMs.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(1)})\n`,
    );
    expect(listed).toBe(LINES);
    expect(proposed).toBe(LINES - LINES / 5);
    expect(totalMs).toBeLessThanOrEqual(5000);
  }, 600_000);
});
