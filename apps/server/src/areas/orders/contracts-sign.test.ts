import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract, OrderDetail, OrderSample, Page } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { tmpRoot } from '../../../test/template';
import { randomId } from '../../platform/crypto';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import { saveSetting } from '../content/settings.service';
import { ensureAgreement, type AdminContract } from './contracts.service';
import { newOrderNo } from './order-core';
import { seedAgreements } from '../content/agreements.seed';
import { agreementVersions } from '../accounts/consent.tables';
import { orderLines, orders } from './orders.tables';
import { contracts } from './requirements.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { makeBuyer, makeItem, makePlanLine } from './test-helpers';

let t: TestContext;
let sales: Awaited<ReturnType<typeof makeStaff>>;
let lab: Awaited<ReturnType<typeof makeStaff>>;
let item: typeof serviceItems.$inferSelect;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  sales = await makeStaff(t.db, 'sales', t.clock.now());
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  const [xrd] = await t.db.select().from(serviceItems).where(eq(serviceItems.name, 'XRD 粉末衍射（物相分析）'));
  item = xrd!;
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;
const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), { name: '李老师', company: '同济大学材料学院', ...overrides });
const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const get = (url: string, who: { token: string } | undefined, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, headers: who ? { token: who.token } : {} });

/** An order as order/add leaves it (lines with samples, the agreement row), written directly. */
async function makeOrder(who: Who, options: { sampleName?: string; agreement?: boolean; progress?: 'submitted' | 'testing' | 'completed' | 'cancelled'; remark?: string } = {}) {
  const now = t.clock.now();
  const samples: (OrderSample & { code: string })[] = [
    { name: options.sampleName ?? 'LiFePO4 正极粉末', count: 2, form: 'powder', hazards: '', magnetic: false, returnWanted: true, code: 'S1' },
    { name: 'NCM811', count: 1, form: 'powder', hazards: '易燃', magnetic: true, returnWanted: false, code: 'S2' },
  ];
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: newOrderNo(now),
      memberId: who.member.id,
      title: item.name,
      lineCount: 1,
      sampleCount: 3,
      totalFen: 18_000,
      discountFen: 2_000,
      contact: '李老师',
      phone: '13900139000',
      remark: options.remark ?? '',
      progress: options.progress ?? 'submitted',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await t.db.insert(orderLines).values({
    rid: randomId(),
    orderId: order!.id,
    itemId: item.id,
    name: item.name,
    img: item.img,
    typeId: item.typeId,
    groupId: item.groupId,
    unit: item.unit,
    count: 3,
    options: [{ optionId: 1, choiceId: 1, name: '扫描速度', label: '常规 10°/min', priceFen: 0 }],
    unitPriceFen: 6_000,
    amountFen: 18_000,
    note: '',
    samples,
  });
  const agreement = options.agreement === false ? null : await ensureAgreement(t.db, order!, now);
  return { order: order!, agreement };
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 9)]);
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 66)]);
const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
function upload(url: string, token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; filename?: string }) {
  const boundary = '----s5contract';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'signed.png'}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
}
const labContract = async (who: Who, title = '2027 年度框架检测合同', content = pdf) => {
  const res = await upload('/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title }, { content, filename: 'contract.pdf' });
  expect(res.json()).toMatchObject({ code: 1 });
  return res.json<{ data: AdminContract }>().data;
};
const storedPath = (kind: string, name: string) => path.join(tmpRoot, 'files', 'files', kind, name);

describe('contract/list', () => {
  it('lists the member own agreements and contracts, newest first, with a status filter', async () => {
    const who = await member();
    const other = await member();
    const { order } = await makeOrder(who);
    t.clock.advance(60_000);
    const lab1 = await labContract(who);
    await makeOrder(other);
    const list = await post<Page<Contract>>('/api/auth/contract/list', who);
    expect(list).toMatchObject({ code: 1, data: { total: 2, page: 1 } });
    expect(list.data.list.map((c) => [c.kind, c.status, c.statusText])).toEqual([
      ['contract', 'to_sign', '待签署'],
      ['agreement', 'to_sign', '待签署'],
    ]);
    expect(list.data.list[0]).toMatchObject({ rid: lab1.rid, title: '2027 年度框架检测合同', orderNo: null, hasSigned: false });
    expect(list.data.list[1]).toMatchObject({ orderNo: order.orderNo, title: `委托检测服务协议（${order.orderNo}）` });
    await upload('/api/auth/contract/upload', who.token, { rid: lab1.rid }, { content: png });
    const signed = await post<Page<Contract>>('/api/auth/contract/list', who, { status: 'signed' });
    expect(signed.data.list.map((c) => c.rid)).toEqual([lab1.rid]);
    expect(await post<Page<Contract>>('/api/auth/contract/list', who, { status: 'confirmed' })).toMatchObject({ data: { total: 0, list: [] } });
    expect(await post('/api/auth/contract/list', who, { status: 'bogus' })).toMatchObject({ status: 400, code: 0 });
    expect(await post('/api/auth/contract/list', undefined)).toMatchObject({ status: 401 });
  });
});

describe('which agreements wait for the member (待签署)', () => {
  it('an agreement of a completed or cancelled order is 无需签署, without an upload; 待签署 lists the open orders only', async () => {
    const who = await member();
    const open = await makeOrder(who);
    const testing = await makeOrder(who, { progress: 'testing' });
    const completed = await makeOrder(who, { progress: 'completed' });
    const cancelled = await makeOrder(who, { progress: 'cancelled' });
    const signedThenCancelled = await makeOrder(who);
    const signedThenCompleted = await makeOrder(who);
    for (const [made, progress] of [
      [signedThenCancelled, 'cancelled'],
      [signedThenCompleted, 'completed'],
    ] as const) {
      expect((await upload('/api/auth/contract/upload', who.token, { rid: made.agreement!.rid }, { content: png })).json()).toMatchObject({ code: 1 });
      await t.db.update(orders).set({ progress }).where(eq(orders.id, made.order.id));
    }
    const shown = async (status?: string) => (await post<Page<Contract>>('/api/auth/contract/list', who, { status, pageSize: 50 })).data.list;
    const statusOf = new Map((await shown()).map((c) => [c.rid, [c.status, c.statusText]]));
    expect(statusOf.get(open.agreement!.rid)).toEqual(['to_sign', '待签署']);
    expect(statusOf.get(testing.agreement!.rid)).toEqual(['to_sign', '待签署']);
    expect(statusOf.get(completed.agreement!.rid)).toEqual(['closed', '无需签署']);
    expect(statusOf.get(cancelled.agreement!.rid)).toEqual(['closed', '无需签署']);
    expect(statusOf.get(signedThenCancelled.agreement!.rid)).toEqual(['closed', '无需签署']);
    // signed before the order completed: the lab may still confirm it
    expect(statusOf.get(signedThenCompleted.agreement!.rid)).toEqual(['signed', '已上传，待确认']);
    const rids = async (status: string) => (await shown(status)).map((c) => c.rid).sort();
    expect(await rids('to_sign')).toEqual([open.agreement!.rid, testing.agreement!.rid].sort());
    expect(await rids('closed')).toEqual([completed.agreement!.rid, cancelled.agreement!.rid, signedThenCancelled.agreement!.rid].sort());
    expect(await rids('signed')).toEqual([signedThenCompleted.agreement!.rid]);
    // the order's own page says the same
    expect(await post<Contract[]>('/api/auth/order/listProtocolFile', who, { order_no: completed.order.orderNo })).toMatchObject({ data: [{ status: 'closed' }] });

    // no signed copy for an ended order, by either route; no confirmation of a cancelled one
    const refused = async (url: string, fields: Record<string, string>, msg: string) => {
      const res = await upload(url, who.token, fields, { content: png });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 0, msg });
    };
    await refused('/api/auth/contract/upload', { rid: completed.agreement!.rid }, '订单已完成，无需上传协议');
    await refused('/api/auth/order/updateProtocolFile', { order_no: completed.order.orderNo }, '订单已完成，无需上传协议');
    await refused('/api/auth/contract/upload', { rid: cancelled.agreement!.rid }, '订单已取消，无需上传协议');
    await refused('/api/auth/contract/upload', { rid: signedThenCancelled.agreement!.rid }, '订单已取消，无需上传协议');
    expect(await post('/api/admin/contract/confirm', sales, { rid: signedThenCancelled.agreement!.rid })).toMatchObject({ status: 409, msg: '订单已取消，无需确认协议' });
    expect(await post('/api/admin/contract/confirm', sales, { rid: signedThenCompleted.agreement!.rid })).toMatchObject({ code: 1, data: { status: 'confirmed' } });
  });
});

describe('contract/download: the printable agreement', () => {
  it('renders the 委托检测服务协议 of the order as HTML with parties, lines, samples, totals and clauses', async () => {
    await saveSetting(t.db, 'localInfo', { address: '上海市徐汇区桂平路 680 号 科研检测中心', phone: '400-820-6688', email: 'service@labtest.cn', express: '收件人：样品接收组 上海市徐汇区桂平路 680 号' });
    const who = await member();
    const { order, agreement } = await makeOrder(who, { remark: '请尽快' });
    const res = await get('/api/auth/contract/download', who, { rid: agreement!.rid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`委托检测服务协议-${order.orderNo}.html`));
    const html = res.body;
    expect(html).toContain('<h1>委托检测服务协议</h1>');
    expect(html).toContain(order.orderNo);
    expect(html).toContain('上海科研检测技术服务有限公司');
    expect(html).toContain('上海市徐汇区桂平路 680 号 科研检测中心');
    expect(html).toContain('李老师');
    expect(html).toContain('同济大学材料学院');
    expect(html).toContain('13900139000');
    expect(html).toContain(item.name);
    expect(html).toContain('LiFePO4 正极粉末 × 2（粉末）');
    expect(html).toContain('危险性：易燃');
    expect(html).toContain('¥180.00');
    expect(html).toContain('-¥20.00');
    expect(html).toContain('¥160.00');
    expect(html).toContain(item.turnaround);
    for (const clause of ['样品处置', '保密', '检测与数据交付', '15 日内', '费用与支付', '委托方（甲方）签字 / 盖章', '受托方（乙方）盖章']) expect(html).toContain(clause);
    expect(html).toContain('@page{size:A4');
    expect(html).toContain('打印 / 另存为 PDF');
    // the only script is the print button's, allowed by its nonce
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('takes its clauses from the published 委托检测服务条款 in force when the order was placed', async () => {
    await seedAgreements(t.db, t.clock.now());
    const who = await member();
    const { agreement } = await makeOrder(who);
    // a later version does not change the terms of an order already placed
    await t.db.insert(agreementVersions).values({ kind: 'service', version: 2, title: '委托检测服务条款', body: '<p>第二版条款</p>', summary: '调整', effectiveAt: new Date(t.clock.now().getTime() + 1000) });
    t.clock.advance(2000);
    const html = (await get('/api/auth/contract/download', who, { rid: agreement!.rid })).body;
    expect(html).toContain('本协议条款适用平台公示的《委托检测服务条款》第 1 版（2026-01-01 生效）');
    expect(html).toContain('委托方（以下简称“甲方”）');
    expect(html).toContain('本订单付款约定：');
    expect(html).not.toContain('第二版条款');
    const later = await makeOrder(who);
    expect((await get('/api/auth/contract/download', who, { rid: later.agreement!.rid })).body).toContain('第二版条款');
  });

  it('escapes a <script> in a sample name, the remark and the member name', async () => {
    const who = await member({ name: '<img src=x onerror=alert(1)>', company: '"><b>公司</b>' });
    const { agreement } = await makeOrder(who, { sampleName: '<script>alert("x")</script>', remark: "</style><script>alert('r')</script>" });
    const res = await get('/api/auth/contract/download', who, { rid: agreement!.rid });
    const html = res.body;
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('</style><script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('&quot;&gt;&lt;b&gt;公司&lt;/b&gt;');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('another member, an unknown rid or no rid → 404 / 400; no token → 401', async () => {
    const who = await member();
    const other = await member();
    const { agreement } = await makeOrder(who);
    expect((await get('/api/auth/contract/download', other, { rid: agreement!.rid })).json()).toMatchObject({ code: 0, msg: '合同不存在' });
    expect((await get('/api/auth/contract/download', other, { rid: agreement!.rid })).statusCode).toBe(404);
    expect((await get('/api/auth/contract/download', who, { rid: 'unknown-rid-000' })).statusCode).toBe(404);
    const empty = await get('/api/auth/contract/download', who, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ msg: '[合同编号]不能为空' });
    expect((await get('/api/auth/contract/download', undefined, { rid: agreement!.rid })).statusCode).toBe(401);
  });

  it('a lab contract downloads as its stored file', async () => {
    const who = await member();
    const c = await labContract(who, '企业年度合同');
    const res = await get('/api/auth/contract/download', who, { rid: c.rid });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('企业年度合同.pdf'));
    const other = await member();
    expect((await get('/api/auth/contract/download', other, { rid: c.rid })).statusCode).toBe(404);
  });
});

describe('contract/upload and contract/signed', () => {
  it('to_sign → signed; re-upload replaces the copy until confirmed; the signed copy downloads for the owner only', async () => {
    const who = await member();
    const other = await member();
    const { agreement } = await makeOrder(who);
    const rid = agreement!.rid;
    expect((await get('/api/auth/contract/signed', who, { rid })).json()).toMatchObject({ code: 0, msg: '签署文件不存在' });
    const first = await upload('/api/auth/contract/upload', who.token, { rid }, { content: png });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 1, msg: '签署件已上传，等待确认', data: { rid, status: 'signed', statusText: '已上传，待确认', hasSigned: true } });
    const [afterFirst] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(fs.existsSync(storedPath('protocols', afterFirst!.signedStoredName!))).toBe(true);

    const second = await upload('/api/auth/contract/upload', who.token, { rid }, { content: pdf, filename: 'signed.pdf' });
    expect(second.json()).toMatchObject({ code: 1, data: { status: 'signed' } });
    const [afterSecond] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(afterSecond!.signedType).toBe('application/pdf');
    expect(fs.existsSync(storedPath('protocols', afterFirst!.signedStoredName!))).toBe(false);

    const signed = await get('/api/auth/contract/signed', who, { rid });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(signed.rawPayload.equals(pdf)).toBe(true);
    expect((await get('/api/auth/contract/signed', other, { rid })).statusCode).toBe(404);
    expect((await get('/api/auth/contract/signed', who, {})).json()).toMatchObject({ msg: '[合同编号]不能为空' });

    // staff see the copy and confirm it; then it is final
    const staffCopy = await get('/api/admin/contract/signed', sales, { rid });
    expect(staffCopy.rawPayload.equals(pdf)).toBe(true);
    expect((await get('/api/admin/contract/signed', lab, { rid })).statusCode).toBe(403);
    expect(await post('/api/admin/contract/confirm', sales, { rid })).toMatchObject({ code: 1, msg: '合同已确认生效', data: { status: 'confirmed', statusText: '已生效' } });
    const late = await upload('/api/auth/contract/upload', who.token, { rid }, { content: png });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 0, msg: '合同已生效，不能重新上传签署件' });
    const [final] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(final!.signedStoredName).toBe(afterSecond!.signedStoredName);
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.map((m) => m.title)).toContain('合同已生效');
  });

  it('refuses other types by content, big files, no file, no rid, and another member contract', async () => {
    const who = await member();
    const other = await member();
    const { agreement } = await makeOrder(who);
    const rid = agreement!.rid;
    const fake = await upload('/api/auth/contract/upload', who.token, { rid }, { content: Buffer.from('<html><script>1</script></html>'), filename: 'x.pdf' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    expect((await upload('/api/auth/contract/upload', who.token, { rid }, { content: zip, filename: 'x.zip' })).json()).toMatchObject({ msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    const big = await upload('/api/auth/contract/upload', who.token, { rid }, { content: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ msg: '文件不能超过10MB' });
    expect((await upload('/api/auth/contract/upload', who.token, { rid })).json()).toMatchObject({ msg: '[文件]不能为空' });
    expect((await upload('/api/auth/contract/upload', who.token, {}, { content: png })).json()).toMatchObject({ msg: '[合同编号]不能为空' });
    const stranger = await upload('/api/auth/contract/upload', other.token, { rid }, { content: png });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ msg: '合同不存在' });
    expect((await upload('/api/auth/contract/upload', undefined, { rid }, { content: png })).statusCode).toBe(401);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(row).toMatchObject({ status: 'to_sign', signedStoredName: null });
  });
});

describe('order/listProtocolFile and order/updateProtocolFile', () => {
  it('lists the contracts of the member own order; another member order → 404', async () => {
    const who = await member();
    const other = await member();
    const { order, agreement } = await makeOrder(who);
    const res = await post<Contract[]>('/api/auth/order/listProtocolFile', who, { order_no: order.orderNo });
    expect(res).toMatchObject({ code: 1, data: [{ rid: agreement!.rid, kind: 'agreement', orderNo: order.orderNo, status: 'to_sign' }] });
    expect(await post('/api/auth/order/listProtocolFile', other, { order_no: order.orderNo })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await post('/api/auth/order/listProtocolFile', who, { order_no: '' })).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await post('/api/auth/order/listProtocolFile', who, { order_no: 'KY0000' })).toMatchObject({ status: 404 });
  });

  it('uploads the signed agreement of an order (creating the agreement row for an order without one)', async () => {
    const who = await member();
    const other = await member();
    const { order, agreement } = await makeOrder(who);
    const res = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: order.orderNo }, { content: png });
    expect(res.json()).toMatchObject({ code: 1, msg: '签署件已上传，等待确认', data: { rid: agreement!.rid, kind: 'agreement', status: 'signed', hasSigned: true, orderNo: order.orderNo } });
    expect((await get('/api/auth/contract/signed', who, { rid: agreement!.rid })).rawPayload.equals(png)).toBe(true);

    const bare = await makeOrder(who, { agreement: false });
    const created = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: bare.order.orderNo }, { content: pdf });
    expect(created.json()).toMatchObject({ code: 1, data: { kind: 'agreement', status: 'signed', orderNo: bare.order.orderNo } });
    expect(await t.db.select().from(contracts).where(eq(contracts.orderId, bare.order.id))).toHaveLength(1);

    const stranger = await upload('/api/auth/order/updateProtocolFile', other.token, { order_no: order.orderNo }, { content: png });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ msg: '订单不存在' });
    expect((await upload('/api/auth/order/updateProtocolFile', who.token, {}, { content: png })).json()).toMatchObject({ msg: '[订单编号]不能为空' });
    expect((await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: order.orderNo })).json()).toMatchObject({ msg: '[文件]不能为空' });
    const cancelled = await makeOrder(who, { progress: 'cancelled' });
    const refused = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: cancelled.order.orderNo }, { content: png });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: '订单已取消，无需上传协议' });
  });

  it('ensureAgreement keeps one agreement per order', async () => {
    const who = await member();
    const { order, agreement } = await makeOrder(who);
    const again = await ensureAgreement(t.db, order, t.clock.now());
    expect(again.rid).toBe(agreement!.rid);
    expect(await t.db.select().from(contracts).where(eq(contracts.orderId, order.id))).toHaveLength(1);
  });
});

describe('staff: contract/add, confirm, list', () => {
  it('sales sends a lab contract to a member, who is told in-site', async () => {
    const who = await member();
    const res = await upload('/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title: '企业客户检测服务框架合同' }, { content: pdf, filename: 'c.pdf' });
    expect(res.json()).toMatchObject({
      code: 1,
      msg: '合同已发送给客户',
      data: { kind: 'contract', status: 'to_sign', title: '企业客户检测服务框架合同', orderNo: null, member: { rid: who.member.rid, name: '李老师' } },
    });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.find((m) => m.title === '您有一份合同待签署')).toMatchObject({ link: '/experiment/contract' });
    // a Word file (zip container) is accepted from the lab
    expect((await upload('/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title: '补充协议' }, { content: zip, filename: 'c.docx' })).json()).toMatchObject({ code: 1 });
    const staffFile = await get('/api/admin/contract/file', sales, { rid: res.json<{ data: AdminContract }>().data.rid });
    expect(staffFile.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses missing fields, unknown members, bad files, other roles', async () => {
    const who = await member();
    const add = (fields: Record<string, string>, content: Buffer | null = pdf, token = sales.token) =>
      upload('/api/admin/contract/add', token, fields, content ? { content, filename: 'c.pdf' } : undefined);
    expect((await add({ title: '合同' })).json()).toMatchObject({ code: 0, msg: '[客户]不能为空' });
    expect((await add({ member_rid: who.member.rid, title: ' ' })).json()).toMatchObject({ code: 0, msg: '[合同名称]不能为空' });
    const unknown = await add({ member_rid: 'unknown-member', title: '合同' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: '客户不存在' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, Buffer.from('plain text'))).json()).toMatchObject({ msg: '仅支持 PDF、PNG、JPG、ZIP 文件' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, null)).json()).toMatchObject({ msg: '[文件]不能为空' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, pdf, lab.token)).statusCode).toBe(403);
    expect((await add({ member_rid: who.member.rid, title: '合同' }, pdf, who.token)).statusCode).toBe(403);
    expect(await t.db.select().from(contracts).where(eq(contracts.memberId, who.member.id))).toHaveLength(0);
  });

  it('confirm: signed → confirmed only; list with status filter for sales', async () => {
    const who = await member();
    const c = await labContract(who, '待确认的合同');
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ status: 409, msg: '客户尚未上传签署件，不能确认' });
    expect(await post('/api/admin/contract/confirm', sales, {})).toMatchObject({ status: 400, msg: '[合同编号]不能为空' });
    expect(await post('/api/admin/contract/confirm', sales, { rid: 'unknown-rid-000' })).toMatchObject({ status: 404, msg: '合同不存在' });
    expect(await post('/api/admin/contract/confirm', lab, { rid: c.rid })).toMatchObject({ status: 403 });
    await upload('/api/auth/contract/upload', who.token, { rid: c.rid }, { content: png });
    const pending = await post<Page<AdminContract>>('/api/admin/contract/list', sales, { status: 'signed', pageSize: 100 });
    expect(pending.data.list.find((x) => x.rid === c.rid)).toMatchObject({ status: 'signed', member: { rid: who.member.rid } });
    expect(pending.data.list.every((x) => x.status === 'signed')).toBe(true);
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ status: 409, msg: '该合同已确认，请勿重复操作' });
    expect(await post<Page<Contract>>('/api/auth/contract/list', who, { status: 'confirmed' })).toMatchObject({ data: { total: 1, list: [{ rid: c.rid, statusText: '已生效' }] } });
    expect(await post('/api/admin/contract/list', lab, {})).toMatchObject({ status: 403 });
  });
});

describe('an order placed through order/add', () => {
  it('has its agreement listed, downloadable as HTML with the order number and escaped samples, and signable', async () => {
    const buyer = await makeBuyer(t);
    const testItem = await makeItem(t.db, { name: '拉曼光谱', priceFen: 12_000 });
    const line = await makePlanLine(t.db, buyer.member.id, testItem, { choices: { '1': 12 }, count: 2 }, t.clock.now());
    const placed = await post<OrderDetail>('/api/auth/order/add', buyer, {
      delivery: 'self',
      agree: '1',
      lines: JSON.stringify([{ id: line.rid, samples: [{ name: '<script>alert(1)</script>', count: 2, form: 'liquid' }] }]),
    });
    expect(placed.code).toBe(1);
    const orderNo = placed.data.orderNo;
    const protocols = await post<Contract[]>('/api/auth/order/listProtocolFile', buyer, { order_no: orderNo });
    expect(protocols.data).toHaveLength(1);
    const agreement = protocols.data[0]!;
    expect(agreement).toMatchObject({ kind: 'agreement', orderNo, status: 'to_sign' });
    const list = await post<Page<Contract>>('/api/auth/contract/list', buyer);
    expect(list.data.list.map((c) => c.rid)).toContain(agreement.rid);

    const res = await get('/api/auth/contract/download', buyer, { rid: agreement.rid });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`订单编号：<strong>${orderNo}</strong>`);
    expect(res.body).toContain('拉曼光谱');
    expect(res.body).toContain('测试模式：高分辨');
    expect(res.body).toContain('¥340.00');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; × 2（液体）');
    expect(res.body.match(/<script/g)).toHaveLength(1);

    const signed = await upload('/api/auth/order/updateProtocolFile', buyer.token, { order_no: orderNo }, { content: pdf });
    expect(signed.json()).toMatchObject({ code: 1, data: { rid: agreement.rid, status: 'signed' } });
    const stranger = await member();
    expect(await post('/api/auth/order/listProtocolFile', stranger, { order_no: orderNo })).toMatchObject({ status: 404 });
    expect((await get('/api/auth/contract/download', stranger, { rid: agreement.rid })).statusCode).toBe(404);
  });
});
