import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labDay, type DocumentVerifyView, type OrderDetail, type QuoteView } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { makeStaff } from '../../../../test/factories';
import { issueSession } from '../../accounts/sessions.service';
import { tmpRoot } from '../../../../test/template';
import { checkPdfSignature } from '../../../platform/pdf-signature';
import { serviceItems } from '../../catalog/catalog.tables';
import { orders } from '../orders.tables';
import { makeBuyer, makeItem, makePlanLine, orderCalls, type Buyer } from '../test-helpers';
import { sealedDocuments } from './documents.tables';
import { quotes } from './quotes.tables';

/** 报价单: sealed from the plan, valid 30 days; ordering with its number before expiry prices at the quote; after: 409. */

// Monday 2026-03-02 10:00 in Shanghai
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
});
afterAll(() => t.close());

const { post, addOrder, linesJson } = orderCalls(() => t);
const DAY = 24 * 3600_000;
/** Weeks later: the member logs in again (access tokens last 2 hours). */
const later = async (who: Buyer, ms: number) => {
  t.clock.advance(ms);
  return { ...who, ...(await issueSession(t.db, 'member', who.member.id, { now: t.clock.now() })) };
};

const quotePdf = (who: { token: string }) => t.app.inject({ method: 'GET', url: '/api/auth/tempDevice/quote', headers: { token: who.token } });
const verify = async (no: string) => (await t.app.inject({ method: 'GET', url: '/api/open/document/verify', query: { no } })).json<{ data: DocumentVerifyView }>().data;
const myQuotes = async (who: { token: string }) => (await post<QuoteView[]>('/api/auth/quote/list', who)).data;

/** A buyer with two items in the plan (XRD at ¥120 + the ¥50 option, SEM at ¥300), quoted now. */
async function quoted(buyer?: Buyer) {
  const who = buyer ?? (await makeBuyer(t));
  const xrd = await makeItem(t.db, { name: 'X射线衍射（XRD）', priceFen: 12_000 });
  const sem = await makeItem(t.db, { name: '扫描电镜（SEM）', priceFen: 30_000 });
  const a = await makePlanLine(t.db, who.member.id, xrd, { choices: { '1': 12 }, count: 2 }, t.clock.now());
  const b = await makePlanLine(t.db, who.member.id, sem, { count: 1 }, t.clock.now());
  const res = await quotePdf(who);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const [quote] = await myQuotes(who);
  return { who, xrd, sem, a, b, pdf: res.rawPayload, quote: quote! };
}

describe('a 报价单 from the plan', () => {
  it('is a sealed PDF of the plan at today’s prices, valid 30 days, listed and verifiable; the same plan answers the same quote', async () => {
    const { who, pdf, quote } = await quoted();
    expect(checkPdfSignature(pdf)).toMatchObject({ valid: true });
    expect(quote).toMatchObject({ totalFen: 2 * 17_000 + 30_000, lineCount: 2, status: 'valid', statusText: '有效', orderNo: null });
    expect(quote.no).toMatch(/^BJ20260302\d{6}$/);
    expect(new Date(quote.expiresAt).getTime() - new Date(quote.issuedAt).getTime()).toBe(30 * DAY);
    expect(await verify(quote.no)).toMatchObject({ kind: 'quote', kindText: '报价单', status: 'valid', amountFen: 64_000, expiresAt: quote.expiresAt });
    // again: the same document, not a second quote
    const again = await quotePdf(who);
    expect(again.rawPayload.equals(pdf)).toBe(true);
    expect(await myQuotes(who)).toHaveLength(1);

    const dir = path.join(tmpRoot, 'documents-test');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `quote-${quote.no}.pdf`);
    fs.writeFileSync(file, pdf);
    let text: string;
    try {
      text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } catch {
      return; // poppler-utils not installed (scripts/ensure-browser.sh installs it in CI)
    }
    expect(text).toContain('报价单');
    expect(text).toContain('有效期至：2026-04-01（30 天）');
    expect(text).toContain('¥640.00');
    expect(text).toContain('人民币大写：陆佰肆拾元整');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, path.join(dir, `quote-${quote.no}`)]);
  });

  it('an empty plan is refused with a reason', async () => {
    const who = await makeBuyer(t);
    const res = await quotePdf(who);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 0, msg: '实验计划中没有可报价的送样检测项目，请先加入项目' });
  });
});

describe('ordering with a quote', () => {
  it('accepted before expiry: the order is at the quoted unit prices though the catalogue went up; the quote says 已转订单 and cannot be used again', async () => {
    const { who: first, xrd, a, b, quote } = await quoted();
    await t.db.update(serviceItems).set({ priceFen: 20_000 }).where(eq(serviceItems.id, xrd.id));
    const who = await later(first, 29 * DAY);
    const lines = linesJson([
      { id: a.rid, samples: [{ name: '粉末', count: 3, form: 'powder', hazards: '', magnetic: false, returnWanted: false }] },
      { id: b.rid },
    ]);
    const res = await addOrder(who, { lines, delivery: 'self', agree: 1, quote_no: quote.no.toLowerCase() });
    expect(res).toMatchObject({ code: 1 });
    const order = res.data;
    // XRD 3 samples × the quoted ¥170 (not today's ¥250), SEM 1 × ¥300
    expect(order.totalFen).toBe(3 * 17_000 + 30_000);
    expect(order.lines.map((l) => l.unitPriceFen)).toEqual([17_000, 30_000]);
    expect(await verify(quote.no)).toMatchObject({ status: 'converted', statusText: '已转订单' });
    expect((await myQuotes(who))[0]).toMatchObject({ status: 'converted', orderNo: order.orderNo });
    const [row] = await t.db.select().from(quotes).innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId)).where(eq(sealedDocuments.no, quote.no));
    expect(row!.quotes.orderId).toBe((await t.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]!.id);

    const more = await makePlanLine(t.db, who.member.id, xrd, { choices: { '1': 12 }, count: 1 }, t.clock.now());
    const reused = await addOrder(who, { lines: linesJson([{ id: more.rid }]), delivery: 'self', agree: 1, quote_no: quote.no });
    expect(reused).toMatchObject({ status: 409, code: 0, msg: `报价单 ${quote.no} 已下单，不能重复使用` });
  });

  it('after expiry: 409 offering to ask again, and nothing is ordered', async () => {
    const { who: first, a, quote } = await quoted();
    const who = await later(first, 30 * DAY + 1000);
    const before = (await t.db.select().from(orders).where(eq(orders.memberId, who.member.id))).length;
    const res = await addOrder(who, { lines: linesJson([{ id: a.rid }]), delivery: 'self', agree: 1, quote_no: quote.no });
    expect(res).toMatchObject({ status: 409, code: 0, msg: `报价单 ${quote.no} 已于 ${labDay(new Date(quote.expiresAt))} 过期，请重新生成报价单或联系客户经理重新报价` });
    expect((await t.db.select().from(orders).where(eq(orders.memberId, who.member.id))).length).toBe(before);
    expect(await verify(quote.no)).toMatchObject({ status: 'expired', statusText: '已过期' });
    // asking again gives a new quote at today's prices
    const fresh = await quotePdf(who);
    expect(fresh.statusCode).toBe(200);
    const list = await myQuotes(who);
    expect(list.map((q) => q.status)).toEqual(['valid', 'expired']);
  });

  it('revoked by staff, another member’s, or not covering the chosen lines: refused, nothing ordered', async () => {
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const { who, a, quote } = await quoted();
    const other = await makeBuyer(t);
    const otherLine = await makePlanLine(t.db, other.member.id, await makeItem(t.db), {}, t.clock.now());
    expect(await addOrder(other, { lines: linesJson([{ id: otherLine.rid }]), delivery: 'self', agree: 1, quote_no: quote.no })).toMatchObject({ status: 404, msg: '报价单不存在' });
    const stranger = await makePlanLine(t.db, who.member.id, await makeItem(t.db, { name: '不在报价单中的项目' }), {}, t.clock.now());
    expect(await addOrder(who, { lines: linesJson([{ id: stranger.rid }]), delivery: 'self', agree: 1, quote_no: quote.no })).toMatchObject({ status: 409, msg: `所选项目不在报价单 ${quote.no} 内，请选择报价单中的项目下单` });
    expect(await post('/api/admin/document/revoke', sales, { no: quote.no, reason: '价格有误' })).toMatchObject({ code: 1 });
    expect(await addOrder(who, { lines: linesJson([{ id: a.rid }]), delivery: 'self', agree: 1, quote_no: quote.no })).toMatchObject({ status: 409, msg: `报价单 ${quote.no} 已撤销，请重新生成报价单或联系客户经理` });
    expect((await t.db.select().from(orders).where(eq(orders.memberId, who.member.id))).length).toBe(0);
  });

  it('an order without a quote is priced from the catalogue as before', async () => {
    const { who, xrd, a } = await quoted();
    await t.db.update(serviceItems).set({ priceFen: 20_000 }).where(eq(serviceItems.id, xrd.id));
    const res = await addOrder(who, { lines: linesJson([{ id: a.rid }]), delivery: 'self', agree: 1 });
    expect((res.data as OrderDetail).lines[0]!.unitPriceFen).toBe(25_000);
  });
});
