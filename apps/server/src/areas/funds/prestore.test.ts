import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetOverview, LedgerEntry, Page, PrestoreApplication, PrestoreReady, PrestoreRule } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { fundsContext, member, ownCommunity, post, staffOf, topUpViaApi, type Person } from './test-helpers';

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

const history = (who: Person, form: Record<string, string> = {}) => post<Page<LedgerEntry> & { balanceFen: number }>(t, '/api/auth/prestore/balanceHistory', who, form);
const balance = async (who: Person) => (await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.prestoreFen;

describe('amount validation (every money field)', () => {
  const cases: [string, string][] = [
    ['0', '[预存金额]必须大于0'],
    ['0.00', '[预存金额]必须大于0'],
    ['-5', '[预存金额]必须大于0'],
    ['100.555', '[预存金额]最多保留两位小数'],
    ['1e5', '[预存金额]格式不正确'],
    ['abc', '[预存金额]格式不正确'],
    ['', '[预存金额]不能为空'],
    ['10000000.01', '[预存金额]不能超过10,000,000元'],
  ];
  it.each(cases)('prestoreApply/add amount %j → %s', async (amount, msg) => {
    const who = await member(t);
    expect(await post(t, '/api/auth/prestoreApply/add', who, { amount })).toMatchObject({ status: 400, code: 0, msg });
  });

  it('accepts exact yuan strings and keeps every fen (no floats)', async () => {
    const who = await member(t);
    const res = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '10000.07' });
    expect(res).toMatchObject({ status: 200, code: 1, data: { amountFen: 1_000_007, status: 'pending', statusText: '待确认到账' } });
    const json = await call<PrestoreApplication>(t.app, 'POST', '/api/auth/prestoreApply/add', { token: who.token, json: { amount: 150.29 } });
    expect(json.data.amountFen).toBe(15_029);
  });

  it('refuses a top-up under the minimum and bad amounts on edit, transfer, readyPayNum', async () => {
    const who = await member(t);
    expect(await post(t, '/api/auth/prestoreApply/add', who, { amount: '99.99' })).toMatchObject({ status: 400, msg: '[预存金额]不能少于100元' });
    const app = await topUpViaApi(t, who, finance, '200', false);
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '-1' })).toMatchObject({ status: 400, msg: '[预存金额]必须大于0' });
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '1.001' })).toMatchObject({ status: 400, msg: '[预存金额]最多保留两位小数' });
    expect(await post(t, '/api/auth/prestoreApply/readyPayNum', who, { amount: '0' })).toMatchObject({ status: 400, msg: '[预存金额]必须大于0' });
    const community = await ownCommunity(t, who);
    for (const [amount, msg] of [
      ['0', '[转账金额]必须大于0'],
      ['-3', '[转账金额]必须大于0'],
      ['3.141', '[转账金额]最多保留两位小数'],
    ]) {
      expect(await post(t, '/api/auth/transferApply/add', who, { community_rid: community.rid, direction: 'toCommunity', amount })).toMatchObject({ status: 400, msg });
    }
  });
});

describe('prestore: apply, bank account, confirm with bonus', () => {
  it('shows the rules and the lab bank account, and the bonus an amount earns', async () => {
    const who = await member(t);
    const res = await post<PrestoreReady>(t, '/api/auth/prestoreApply/readyPayNum', who, { amount: '50000' });
    expect(res.data).toMatchObject({
      amountFen: 5_000_000,
      bonusFen: 250_000,
      bank: { accountName: '上海科研检测技术服务有限公司', bankName: '招商银行上海徐汇支行', accountNo: '1219 0876 5410 201' },
    });
    expect(res.data.rules.map((r: PrestoreRule) => r.text)).toEqual(['满 ¥10,000.00 赠 3%', '满 ¥50,000.00 赠 5%', '满 ¥100,000.00 赠 8%']);
    expect((await post<PrestoreReady>(t, '/api/auth/prestore/rule', who)).data.bank.accountNo).toBe('1219 0876 5410 201');
    expect(await post(t, '/api/auth/prestoreApply/readyPayNum', undefined)).toMatchObject({ status: 401 });
  });

  it('pending → cancelled by the member; the remark may be edited while pending, the amount and payer never', async () => {
    const who = await member(t);
    const app = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount: '300', payer: '复旦大学' }).then((r) => r.data);
    expect(app.applyNo).toMatch(/^YC\d{14}$/);
    const locked = { status: 409, msg: '预存申请提交后，预存金额和付款户名不能修改；如需修改，请取消该申请后重新申请' };
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '12000', payer: '复旦大学' })).toMatchObject(locked);
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '300', payer: '上海交通大学' })).toMatchObject(locked);
    const edited = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '300', payer: '复旦大学', remark: '课题经费' });
    expect(edited.data).toMatchObject({ amountFen: 300_00, payer: '复旦大学', remark: '课题经费' });
    // the payer may be left out (the form keeps it)
    expect((await post<PrestoreApplication>(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '300' })).data).toMatchObject({ payer: '复旦大学', remark: '' });
    expect(await post(t, '/api/auth/prestoreApply/cancel', who, { rid: app.rid })).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await post(t, '/api/auth/prestoreApply/cancel', who, { rid: app.rid })).toMatchObject({ status: 409, msg: '该预存申请已取消，不能取消' });
    expect(await post(t, '/api/auth/prestoreApply/edit', who, { rid: app.rid, amount: '500' })).toMatchObject({ status: 409 });
    expect(await post(t, '/api/admin/funds/prestore/confirm', finance, { rid: app.rid, version: await versionOf(t.db, 'prestore', app.rid) })).toMatchObject({ status: 409 });
  });

  it('finance confirms: the top-up and the bonus arrive at once; confirming again is refused and changes nothing', async () => {
    const who = await member(t);
    const app = await topUpViaApi(t, who, finance, '10000', false);
    const first = await post<PrestoreApplication>(t, '/api/admin/funds/prestore/confirm', finance, { rid: app.rid, version: await versionOf(t.db, 'prestore', app.rid) });
    expect(first).toMatchObject({ code: 1, msg: '已确认到账', data: { status: 'confirmed', bonusFen: 30_000 } });
    const again = await post<PrestoreApplication>(t, '/api/admin/funds/prestore/confirm', finance, { rid: app.rid, version: await versionOf(t.db, 'prestore', app.rid) });
    expect(again).toMatchObject({ status: 409, msg: '该预存申请已到账，不能确认到账' });
    expect(await balance(who)).toBe(1_030_000);
    const h = await history(who);
    expect(h.data.balanceFen).toBe(1_030_000);
    expect(h.data.list.map((e) => [e.type, e.amountFen, e.balanceAfterFen])).toEqual([
      ['bonus', 30_000, 1_030_000],
      ['topup', 1_000_000, 1_000_000],
    ]);
    expect(await post(t, '/api/auth/prestoreApply/cancel', who, { rid: app.rid })).toMatchObject({ status: 409 });
    // the member centre shows the balance
    expect(await post(t, '/api/auth/web/home/data', who)).toMatchObject({ code: 1, data: { prestoreFen: 1_030_000, couponNum: 0 } });
  });

  it('concurrent confirmations book the money once', async () => {
    const who = await member(t);
    const app = await topUpViaApi(t, who, finance, '500', false);
    const version = await versionOf(t.db, 'prestore', app.rid);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(t, '/api/admin/funds/prestore/confirm', finance, { rid: app.rid, version })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await balance(who)).toBe(50_000);
  });

  it('finance refuses with a reason; lists show status', async () => {
    const who = await member(t);
    const app = await topUpViaApi(t, who, finance, '800', false);
    expect(await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: app.rid, version: await versionOf(t.db, 'prestore', app.rid) })).toMatchObject({ status: 400, msg: '[驳回原因]不能为空' });
    expect(await post(t, '/api/admin/funds/prestore/refuse', finance, { rid: app.rid, version: await versionOf(t.db, 'prestore', app.rid), reason: '未收到款项' })).toMatchObject({ code: 1, data: { status: 'refused', refuseReason: '未收到款项' } });
    const list = await post<Page<PrestoreApplication>>(t, '/api/auth/prestore/list', who, { status: 'refused' });
    expect(list.data.list.map((a) => a.rid)).toEqual([app.rid]);
    expect(await post(t, '/api/auth/prestore/list', who, { status: 'nope' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
    const admin = await post<Page<PrestoreApplication & { member: { rid: string } }>>(t, '/api/admin/funds/prestore/list', finance, { status: 'refused' });
    expect(admin.data.list.some((a) => a.rid === app.rid && a.member.rid === who.member.rid)).toBe(true);
  });

  it("another member's application answers 404 everywhere", async () => {
    const owner = await member(t);
    const other = await member(t);
    const app = await topUpViaApi(t, owner, finance, '300', false);
    for (const url of ['/api/auth/prestoreApply/cancel', '/api/auth/prestoreApply/listPrestoreDetail']) {
      expect(await post(t, url, other, { rid: app.rid })).toMatchObject({ status: 404, msg: '预存申请不存在' });
    }
    expect(await post(t, '/api/auth/prestoreApply/edit', other, { rid: app.rid, amount: '500' })).toMatchObject({ status: 404 });
    expect(await call(t.app, 'GET', '/api/auth/prestoreApply/receipt', { token: other.token, query: { rid: app.rid } })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/prestoreApply/listPrestoreDetail', owner, { rid: app.rid })).toMatchObject({ code: 1, data: { rid: app.rid } });
  });
});

describe('receipt upload', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
  const upload = (token: string, rid: string, content: Buffer, filename = 'receipt.png') => {
    const boundary = '----labboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rid"\r\n\r\n${rid}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/auth/prestoreApply/receipt', headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  };

  it('stores a png by content, serves it to the owner and finance only; refuses other types and big files', async () => {
    const who = await member(t);
    const other = await member(t);
    const app = await topUpViaApi(t, who, finance, '300', false);
    const res = await upload(who.token, app.rid, png);
    expect(res.json()).toMatchObject({ code: 1, data: { hasReceipt: true } });
    const mine = await t.app.inject({ method: 'GET', url: `/api/auth/prestoreApply/receipt?rid=${app.rid}`, headers: { token: who.token } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(png)).toBe(true);
    const staffView = await t.app.inject({ method: 'GET', url: `/api/admin/funds/prestore/receipt?rid=${app.rid}`, headers: { token: finance.token } });
    expect(staffView.statusCode).toBe(200);
    const salesView = await t.app.inject({ method: 'GET', url: `/api/admin/funds/prestore/receipt?rid=${app.rid}`, headers: { token: sales.token } });
    expect(salesView.statusCode).toBe(403);
    expect((await upload(other.token, app.rid, png)).statusCode).toBe(404);
    const fake = await upload(who.token, app.rid, Buffer.from('<script>alert(1)</script>'), 'x.png');
    expect(fake.json()).toMatchObject({ code: 0, msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    const big = await upload(who.token, app.rid, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ msg: '文件不能超过10MB' });
  });
});

describe('balance history and export', () => {
  it('exports csv with a BOM and Chinese headers, and xlsx; filters by type', async () => {
    const who = await member(t);
    await topUpViaApi(t, who, finance, '10000');
    const csv = await t.app.inject({ method: 'GET', url: '/api/auth/prestore/export?format=csv', headers: { token: who.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('时间,类型,金额(元),余额(元),业务单号,备注');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('预存赠送,300.00,10300.00');
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/auth/prestore/export?format=xlsx', headers: { token: who.token } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('余额明细')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '时间', '类型', '金额(元)', '余额(元)', '业务单号', '备注']);
    expect(sheet.rowCount).toBe(3);
    const onlyTopups = await history(who, { type: 'topup' });
    expect(onlyTopups.data.list.map((e) => e.type)).toEqual(['topup']);
    expect(await history(who, { from: '2026/12/01' })).toMatchObject({ status: 400, msg: '[开始日期]格式应为YYYY-MM-DD' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/prestore/export?format=pdf', headers: { token: who.token } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/prestore/export?format=csv' })).statusCode).toBe(401);
  });

  it("a community's history is its owner's only", async () => {
    const owner = await member(t);
    const other = await member(t);
    const community = await ownCommunity(t, owner);
    expect(await history(owner, { community_rid: community.rid })).toMatchObject({ code: 1, data: { balanceFen: 0 } });
    expect(await history(other, { community_rid: community.rid })).toMatchObject({ status: 404, msg: '科研团体不存在' });
  });
});
