import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract, Page } from '@lab/contract';
import type { TestContext } from '../../../test/harness';
import { saveSetting } from '../content/settings.service';
import { seedAgreements } from '../content/agreements.seed';
import { agreementVersions } from '../accounts/consent.tables';
import { orders } from './orders.tables';
import { contractCalls, contractsSuite, pdf, png, type ContractsSuite, type Item, type Staff } from './contracts.test-helpers';

/** The member's contracts: the list, which agreements wait to be signed, and the download (the printable agreement, a lab contract). */

let t: TestContext;
let sales: Staff;
let item: Item;
let suite: ContractsSuite;

beforeAll(async () => {
  suite = await contractsSuite();
  ({ t, sales, item } = suite);
});
afterAll(() => t.close());

const { member, post, get, makeOrder, upload, labContract } = contractCalls(() => suite);

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
