import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetOverview, BankLineView, BankStatementUploaded, Page, PrestoreApplication } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { multipart } from '../../../test/access-world';
import { versionOf } from '../../../test/decision-pins';
import { amountFen, csvRows } from './bank-statement-parse';
import { fundsContext, member, post, staffOf, type Person } from './test-helpers';

/**
 * 银行流水对账: statements of the banks' layouts read and matched to pending 预存申请, a line
 * booked through 确认预存到账's decision, a statement uploaded twice, a line matched in part, two
 * confirmations racing.
 */

let t: TestContext;
let finance: Awaited<ReturnType<typeof staffOf>>;
let sales: Awaited<ReturnType<typeof staffOf>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  finance = await staffOf(t, 'finance');
  sales = await staffOf(t, 'sales');
});
afterAll(() => t.close());

const apply = async (who: Person, amount: string, payer: string) => {
  const res = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount, payer });
  expect(res.code, res.msg).toBe(1);
  return res.data;
};
const balance = async (who: Person) => (await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.prestoreFen;
const upload = (bytes: Buffer, name = '流水.csv', who: { token: string } = finance) => multipart<BankStatementUploaded>(t.app, '/api/admin/funds/bank/upload', who.token, {}, { name, bytes, type: 'text/csv' });
const lines = async (status = 'open') => (await post<Page<BankLineView>>(t, '/api/admin/funds/bank/lines', finance, { status, pageSize: 100 })).data.list;
const confirm = async (line: BankLineView, prestoreRid: string) => post<BankLineView>(t, '/api/admin/funds/bank/confirm', finance, { line_rid: line.rid, rid: prestoreRid, version: await versionOf(t.db, 'prestore', prestoreRid) });
const lineOf = async (remark: string) => (await lines('all')).find((l) => l.remark.includes(remark))!;

/** An ICBC 明细 export: the account above the header, a total under the lines. */
const icbc = (rows: string[][]) =>
  Buffer.from(
    [
      '账号：1001 2345 6789 0000 123,,,,,,,',
      '凭证号,交易时间,对方单位名称,对方账号,借方发生额,贷方发生额,用途,摘要',
      ...rows.map((r) => r.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')),
      '合计,,,,,,,',
    ].join('\r\n'),
  );

describe('银行流水对账', () => {
  it('reads a statement, proposes a 预存申请 for each credit, and books a line through the pinned decision', async () => {
    const a = await member(t);
    const b = await member(t);
    const byNumber = await apply(a, '1200', '上海某某大学');
    const byPayer = await apply(b, '3456.78', '苏州新材料科技有限公司');
    const file = icbc([
      ['\t0001', '2026-11-30 09:15:02', '上海某某大学', '\t6222000011112222', '', '1,200.00', `预存款 ${byNumber.applyNo}`, '汇入'],
      ['0002', '2026-11-30 10:00:00', '苏州新材料科技有限公司（财务部）', '6222000033334444', '', '3,456.78', '测试费', '汇入'],
      ['0003', '2026-11-30 11:00:00', '不认识的公司', '6222000055556666', '', '999.00', '货款', '汇入'],
      ['0004', '2026-11-30 12:00:00', '电费', '6222000077778888', '150.00', '', '电费', '扣款'],
    ]);
    const uploaded = await upload(file);
    expect(uploaded).toMatchObject({ status: 200, code: 1, data: { duplicate: false, added: 3, known: 0, debits: 1, statement: { layout: 'icbc', layoutLabel: '工商银行', lineCount: 4, creditCount: 3 } } });

    const first = await lineOf(byNumber.applyNo);
    expect(first).toMatchObject({ bookedAt: '2026-11-30 09:15', amountFen: 120_000, payer: '上海某某大学', payerAccount: '6222000011112222', bankRef: '0001', status: 'open' });
    expect(first.proposal).toMatchObject({ rid: byNumber.rid, applyNo: byNumber.applyNo, reasons: ['applyNo', 'amount', 'payer'] });
    // the payer's brackets differ from the application's: amount and payer still agree
    expect((await lineOf('测试费')).proposal).toMatchObject({ rid: byPayer.rid, reasons: ['amount'] });
    expect((await lineOf('货款')).proposal).toBeNull();

    const booked = await confirm(first, byNumber.rid);
    expect(booked).toMatchObject({ status: 200, code: 1, msg: '已确认到账', data: { status: 'matched', matchedApplyNo: byNumber.applyNo, proposal: null } });
    expect(await balance(a)).toBe(120_000);
    // booked once: the line is no longer open, and confirming it again is refused
    expect((await lines()).map((l) => l.rid)).not.toContain(first.rid);
    expect(await confirm(first, byNumber.rid)).toMatchObject({ status: 409, msg: '该笔流水已入账，不能重复入账' });
    expect(await balance(a)).toBe(120_000);
    // the unmatched line stays listed
    expect((await lines()).some((l) => l.remark.startsWith('货款'))).toBe(true);
    // finance only
    expect((await post(t, '/api/admin/funds/bank/lines', sales, {})).status).toBe(403);
  });

  it('recognises a statement uploaded again, and the lines of a later export it already holds', async () => {
    const file = icbc([['0101', '2026-11-29 09:00:00', '甲单位', '6222111100001111', '', '500.00', '预存', '汇入']]);
    expect((await upload(file)).data).toMatchObject({ duplicate: false, added: 1 });
    const again = await upload(file, '流水（副本）.csv');
    expect(again).toMatchObject({ status: 200, code: 1, data: { duplicate: true, added: 0, known: 1 } });
    // a wider export of the same account: the known line is not listed twice
    const wider = icbc([
      ['0101', '2026-11-29 09:00:00', '甲单位', '6222111100001111', '', '500.00', '预存', '汇入'],
      ['0102', '2026-11-29 15:00:00', '乙单位', '6222111100002222', '', '800.00', '预存', '汇入'],
    ]);
    expect((await upload(wider, '11月流水.csv')).data).toMatchObject({ duplicate: false, added: 1, known: 1 });
    expect((await lines('all')).filter((l) => l.bankRef === '0101')).toHaveLength(1);
  });

  it('leaves a line whose amount differs from the application named in it unbooked', async () => {
    const who = await member(t);
    const application = await apply(who, '2000', '某研究所');
    await upload(icbc([['0201', '2026-11-28 09:00:00', '某研究所', '6222000099990000', '', '1,999.00', `${application.applyNo}`, '汇入']]));
    const line = await lineOf(application.applyNo);
    expect(line.proposal).toMatchObject({ rid: application.rid, reasons: ['applyNo', 'payer'] });
    expect(await confirm(line, application.rid)).toMatchObject({ status: 400, msg: `流水金额 ¥1,999.00 与预存申请 ${application.applyNo} 的金额 ¥2,000.00 不一致，请核对` });
    expect(await balance(who)).toBe(0);
    expect((await lineOf(application.applyNo)).status).toBe('open');
  });

  it('books once when two confirmations race, for one line or for one application', async () => {
    const who = await member(t);
    const application = await apply(who, '700', '丙大学');
    const other = await apply(who, '700', '丙大学');
    await upload(
      icbc([
        ['0301', '2026-11-27 09:00:00', '丙大学', '6222000012340000', '', '700.00', `${application.applyNo}`, '汇入'],
        ['0302', '2026-11-27 09:05:00', '丙大学', '6222000012340000', '', '700.00', `${application.applyNo} 重复汇款`, '汇入'],
      ]),
    );
    const all = await lines('all');
    const one = all.find((l) => l.bankRef === '0301');
    const two = all.find((l) => l.bankRef === '0302');
    const version = await versionOf(t.db, 'prestore', application.rid);
    const body = (line: BankLineView) => ({ line_rid: line.rid, rid: application.rid, version });
    const same = await Promise.all([post(t, '/api/admin/funds/bank/confirm', finance, body(one!)), post(t, '/api/admin/funds/bank/confirm', finance, body(one!))]);
    expect(same.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(same.find((r) => r.code === 0)).toMatchObject({ status: 409 });
    expect(await balance(who)).toBe(70_000);
    // the second line names the same application, now booked: linking it is refused
    const again = await post(t, '/api/admin/funds/bank/confirm', finance, { line_rid: two!.rid, rid: application.rid, version: await versionOf(t.db, 'prestore', application.rid) });
    expect(again).toMatchObject({ status: 409, msg: `预存申请 ${application.applyNo} 已由另一笔流水入账` });
    // two lines racing for one application: one books
    await upload(icbc([['0303', '2026-11-27 10:00:00', '丙大学', '6222000012340000', '', '700.00', '第三笔', '汇入']]));
    const third = await lineOf('第三笔');
    const v = await versionOf(t.db, 'prestore', other.rid);
    const race = await Promise.all([
      post(t, '/api/admin/funds/bank/confirm', finance, { line_rid: two!.rid, rid: other.rid, version: v }),
      post(t, '/api/admin/funds/bank/confirm', finance, { line_rid: third.rid, rid: other.rid, version: v }),
    ]);
    expect(race.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(await balance(who)).toBe(140_000);
  });

  it('reads the other banks’ layouts, GBK csv and xlsx, and names the columns of an unknown layout', async () => {
    // 建设银行 csv written in GBK
    const ccb = ['交易时间,借方发生额（支取）,贷方发生额（收入）,余额,对方户名,对方账号,摘要,备注,账户明细编号-交易流水号', '20261126 101500,,88.00,1000.00,丁公司,6222,汇入,预存,CCB0001'].join('\n');
    const encoded = encodeGb18030(ccb);
    const read = await upload(encoded, 'ccb.csv');
    expect(read.data).toMatchObject({ statement: { layout: 'ccb' }, added: 1 });
    expect((await lines('all')).find((l) => l.bankRef === 'CCB0001')).toMatchObject({ payer: '丁公司', amountFen: 8800, bookedAt: '2026-11-26 10:15' });

    // 招商银行 xlsx with a date cell and a separate time
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('交易明细');
    sheet.addRow(['招商银行交易明细']);
    sheet.addRow(['交易日', '交易时间', '借方金额', '贷方金额', '余额', '摘要', '流水号', '收/付方名称', '收/付方帐号', '用途']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 25)), '14:30:00', '', 123.45, 5000, '汇入', 'CMB0001', '戊大学', '6222999', '测试费预存']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 25)), '15:00:00', 20, '', 4980, '手续费', 'CMB0002', '招商银行', '', '']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect((await upload(xlsx, 'cmb.xlsx')).data).toMatchObject({ statement: { layout: 'cmb' }, added: 1, debits: 1 });
    expect((await lines('all')).find((l) => l.bankRef === 'CMB0001')).toMatchObject({ payer: '戊大学', amountFen: 12_345, bookedAt: '2026-11-25 14:30', remark: '测试费预存 汇入' });

    // 中国银行: one signed amount column; the generic layout
    const boc = Buffer.from(['交易日期,交易时间,交易金额,付款人名称,付款人账号,用途,交易流水号', '2026/11/24,08:01:00,+66.60,己公司,6217,预存,BOC1', '2026/11/24,08:02:00,-10.00,本单位,6217,转出,BOC2'].join('\n'));
    expect((await upload(boc, 'boc.csv')).data).toMatchObject({ statement: { layout: 'boc' }, added: 1, debits: 1 });
    const generic = Buffer.from(['日期,收入金额,付款人,备注', '2026-11-23,10.00,庚,预存'].join('\n'));
    expect((await upload(generic, 'generic.csv')).data).toMatchObject({ statement: { layout: 'generic' }, added: 1 });

    const unknown = await upload(Buffer.from('时间,金额,名字\n2026-11-01,1,某人\n'), 'x.csv');
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain('无法识别流水格式');
    expect(unknown.msg).toContain('工商银行（交易时间、贷方发生额、对方单位名称、用途）');
    expect(unknown.msg).toContain('通用格式（日期、收入金额、付款人、备注）');
    expect(await upload(Buffer.from('<html><body>1,2</body></html>'), 'x.csv')).toMatchObject({ status: 400, msg: '仅支持 XLSX、CSV 文件' });
    expect(await upload(icbc([['9', '2026-11-01 10:00:00', '某', '1', '', '12,3.4.5', '', '']]), 'bad.csv')).toMatchObject({ status: 400, msg: '第3行的金额无法识别，请检查文件' });
  });

  it('reads amounts and csv fields as the banks write them', () => {
    expect([amountFen('1,234.50'), amountFen('¥88'), amountFen('-0.01'), amountFen(''), amountFen('1.234')]).toEqual([123_450, 8800, -1, 0, null]);
    expect(csvRows('a,"b,c","d ""e"""\r\n1,2,3')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });
});

/** GB18030 bytes of a text, as a bank's csv export writes them (Node decodes GB18030 but has no encoder). */
function encodeGb18030(text: string): Buffer {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi += 1) {
    for (let lo = 0x40; lo <= 0xfe; lo += 1) {
      if (lo === 0x7f) continue;
      const ch = decoder.decode(Uint8Array.of(hi, lo));
      if (ch.length === 1 && ch !== '\uFFFD' && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else {
      const code = table.get(ch);
      if (!code) throw new Error(`no GB18030 code for ${ch}`);
      bytes.push(...code);
    }
  }
  return Buffer.from(bytes);
}
