import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackStatus, PackTemplateView } from '@lab/contract';
import type { TestContext } from '../../test/harness';
import { tmpRoot } from '../../test/template';
import { makeStaff } from '../../test/factories';
import { randomId, randomToken } from '../platform/crypto';
import { checkPdfSignature } from '../platform/pdf-signature';
import { auditLog } from '../db/schema';
import { contractCalls, contractsSuite, type ContractsSuite } from '../areas/orders/contracts.test-helpers';
import { orderFiles, orders } from '../areas/orders/orders.tables';
import { contracts } from '../areas/orders/requirements.tables';
import { sealedDocuments } from '../areas/orders/documents/documents.tables';
import { invoiceApplicationItems, invoiceApplications } from '../areas/funds/invoices.tables';
import { accounts, ledgerEntries } from '../areas/funds/ledger.tables';
import { prestoreApplications } from '../areas/funds/prestore.tables';
import { onlinePaymentOrders, onlinePayments } from '../areas/payments/payments.tables';
import { communities, communityMembers } from '../areas/member/member.tables';
import { grantAllowances, grantCards, grantUsage } from '../areas/grants/grants.tables';
import ExcelJS from 'exceljs';

/** The reimbursement pack: each template's contents and refusals, one invoice over three orders, the ways an order is paid, checksums, 404s. */

let t: TestContext;
let suite: ContractsSuite;
beforeAll(async () => {
  suite = await contractsSuite();
  ({ t } = suite);
});
afterAll(() => t.close());

const { member, get, post, makeOrder } = contractCalls(() => suite);
type Who = Awaited<ReturnType<typeof member>>;
type Order = Awaited<ReturnType<typeof makeOrder>>['order'];

const status = async (who: Who, query: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/reimbursement/status', payload: query, headers: { token: who.token } });
  return { status: res.statusCode, ...res.json<{ code: number; msg: string; data: PackStatus }>() };
};
const pack = (who: Who, query: Record<string, string>) => get('/api/auth/reimbursement/pack', who, query);

const pdfOf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
async function stored(kind: string, bytes: Buffer, ext = 'pdf') {
  const name = `${randomToken()}.${ext}`;
  await t.app.deps.files.put(kind, name, bytes, ext === 'pdf' ? 'application/pdf' : 'image/png');
  return name;
}

async function prestoreAccount(ownerKind: 'member' | 'community', ownerId: number) {
  const [existing] = await t.db.select().from(accounts).where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, 'prestore')));
  if (existing) return existing;
  const [row] = await t.db.insert(accounts).values({ ownerKind, ownerId, kind: 'prestore', balanceFen: 0 }).returning();
  return row!;
}

/** The order paid as the payments area leaves it: online (WeChat, a trade number), from the member's funds, or from a community's. */
async function pay(order: Order, way: 'online' | 'prestore' | { communityId: number; by: number }) {
  const now = t.clock.now();
  const ownerKind = typeof way === 'object' ? 'community' : 'member';
  const ownerId = typeof way === 'object' ? way.communityId : order.memberId;
  const due = order.totalFen - order.discountFen;
  await t.db.update(orders).set({ payment: 'paid', paidFen: due, paidAt: now, paidFromKind: ownerKind, paidFromId: ownerId }).where(eq(orders.id, order.id));
  const account = await prestoreAccount(ownerKind, ownerId);
  if (way === 'online') {
    const [p] = await t.db
      .insert(onlinePayments)
      .values({ paymentNo: `PAY${randomId(10)}`, memberId: order.memberId, purpose: 'order', vendor: 'wechat', scene: 'native', provider: 'local', amountFen: due, fundsKind: 'member', fundsId: order.memberId, state: 'paid', tradeNo: `4200${randomId(8)}`, merchantId: 'm', appId: 'a', expiresAt: now, paidAt: now })
      .returning();
    await t.db.insert(onlinePaymentOrders).values({ paymentId: p!.id, orderId: order.id, amountFen: due, paidOrder: true });
    await t.db.insert(ledgerEntries).values({ accountId: account.id, amountFen: due, balanceAfterFen: due, type: 'online_pay', reference: `pay:${p!.paymentNo}`, actorKind: 'system', createdAt: now });
    await t.db.insert(ledgerEntries).values({ accountId: account.id, amountFen: -due, balanceAfterFen: 0, type: 'payment', reference: `order:${order.orderNo}`, actorKind: 'member', createdAt: now });
    return p!;
  }
  const by = typeof way === 'object' ? way.by : order.memberId;
  await t.db.insert(prestoreApplications).values({
    rid: randomId(),
    applyNo: `YC${randomId(10)}`,
    memberId: by,
    communityId: typeof way === 'object' ? way.communityId : null,
    amountFen: 1_000_000,
    payer: '同济大学财务处',
    status: 'confirmed',
    decidedAt: new Date(now.getTime() - 86_400_000),
  });
  await t.db.insert(ledgerEntries).values({ accountId: account.id, amountFen: -due, balanceAfterFen: 1_000_000 - due, type: 'payment', reference: `order:${order.orderNo}`, actorKind: 'member', createdAt: now });
  return null;
}

async function report(order: Order, name = 'XRD 图谱.pdf', bytes = pdfOf(`report of ${order.orderNo}`)) {
  await t.db.insert(orderFiles).values({ rid: randomId(), orderId: order.id, kind: 'report', name, storedName: await stored('reports', bytes), type: 'application/pdf', size: bytes.length });
}

async function invoice(who: Who, orderList: Order[], options: { status?: 'issued' | 'pending' } = {}) {
  const issued = (options.status ?? 'issued') === 'issued';
  const amount = orderList.reduce((s, o) => s + o.totalFen - o.discountFen, 0);
  const [app] = await t.db
    .insert(invoiceApplications)
    .values({
      rid: randomId(),
      memberId: who.member.id,
      type: 1,
      title: { kind: 'unit', title: '同济大学', tax_no: '12100000425006117P', bank: null, bank_account: null, address: null, phone: null, email: null },
      amountFen: amount,
      status: issued ? 'issued' : 'pending',
      invoiceNo: issued ? `2631${randomId(6)}` : null,
      issuedOn: issued ? '2026-12-01' : null,
      fileName: issued ? await stored('invoices', pdfOf('e-invoice')) : null,
      fileType: issued ? 'application/pdf' : null,
    })
    .returning();
  for (const o of orderList) await t.db.insert(invoiceApplicationItems).values({ applicationId: app!.id, sourceKind: 'order', sourceRef: o.orderNo, amountFen: o.totalFen - o.discountFen });
  return app!;
}

async function signAgreement(order: Order) {
  await t.db.update(contracts).set({ status: 'signed', signedStoredName: await stored('protocols', pdfOf('signed agreement')), signedType: 'application/pdf', signedAt: t.clock.now() }).where(eq(contracts.orderId, order.id));
}

/** A finished order with everything a finance office asks for. */
async function readyOrder(who: Who, way: Parameters<typeof pay>[1] = 'online') {
  const { order } = await makeOrder(who, { progress: 'completed' });
  await pay(order, way);
  await report(order);
  return order;
}

function unzip(body: Buffer) {
  const entries = unzipSync(new Uint8Array(body));
  return new Map(Object.entries(entries).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Every line of SHA256SUMS matches its file, and every file but SHA256SUMS is listed. */
function checkSums(files: Map<string, Buffer>) {
  const sums = files.get('SHA256SUMS')!.toString('utf8').trim().split('\n');
  const listed = new Map(sums.map((line) => [line.slice(66), line.slice(0, 64)]));
  for (const [name, bytes] of files) {
    if (name === 'SHA256SUMS') continue;
    expect(listed.get(name), name).toBe(sha(bytes));
  }
  expect(listed.size).toBe(files.size - 1);
}

describe('the default template (中山大学 财务处: 清单 under ¥50,000, 合同 from ¥50,000, payment proof from ¥1,000, report and invoice always)', () => {
  it('an online-paid order: cover, sealed 清单, invoice, sealed payment proof with the trade number, the report, manifest and SHA256SUMS', async () => {
    const who = await member();
    const order = await readyOrder(who, 'online');
    const inv = await invoice(who, [order]);
    const before = await status(who, { order_no: order.orderNo });
    expect(before).toMatchObject({ code: 1, data: { ready: true, missing: [], template: 'default', totalFen: 16_000 } });
    expect(before.data.pieces.map((p) => [p.kind, p.present, p.required])).toEqual([
      ['cover', true, true],
      ['invoice', true, true],
      ['statement', true, true],
      ['agreement', false, false],
      ['payment', true, false],
      ['report', true, true],
    ]);

    const res = await pack(who, { order_no: order.orderNo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('报销材料-'));
    const files = unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([
      '00-报销材料封面.pdf',
      `01-发票-${inv.invoiceNo}.pdf`,
      `${order.orderNo}/1-测试明细清单.pdf`,
      `${order.orderNo}/3-付款证明.pdf`,
      `${order.orderNo}/4-检测报告-1-XRD 图谱.pdf`,
      'manifest.txt',
      'SHA256SUMS',
    ]);
    checkSums(files);
    expect(files.get(`${order.orderNo}/4-检测报告-1-XRD 图谱.pdf`)!.toString()).toContain(`report of ${order.orderNo}`);
    const manifest = files.get('manifest.txt')!.toString('utf8');
    expect(manifest).toContain('报销模板：高校报销（通用）');
    expect(manifest).toContain('金额合计：¥160.00（壹佰陆拾元整）');
    expect(manifest).toContain(`${sha(files.get('00-报销材料封面.pdf')!)}`);

    // the sealed papers are signed, on the register, and their files are the ones in the ZIP
    for (const name of ['00-报销材料封面.pdf', `${order.orderNo}/1-测试明细清单.pdf`, `${order.orderNo}/3-付款证明.pdf`]) expect(checkPdfSignature(files.get(name)!), name).toMatchObject({ valid: true });
    const proof = (await t.db.select().from(sealedDocuments).where(and(eq(sealedDocuments.orderId, order.id), eq(sealedDocuments.kind, 'payment_proof'))))[0]!;
    expect(proof).toMatchObject({ amountFen: 16_000, sha256: sha(files.get(`${order.orderNo}/3-付款证明.pdf`)!) });
    expect(proof.no).toMatch(/^ZF\d{14}$/);

    // each download is on the audit log, under the member
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reimbursement.pack'), eq(auditLog.memberId, who.member.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetKey: order.orderNo, actionLabel: '下载报销材料' });

    // a second download: the same sealed papers (same numbers), a second audit row
    const again = unzip((await pack(who, { order_no: order.orderNo })).rawPayload);
    expect(again.get(`${order.orderNo}/3-付款证明.pdf`)!.equals(files.get(`${order.orderNo}/3-付款证明.pdf`)!)).toBe(true);
    expect(again.get('00-报销材料封面.pdf')!.equals(files.get('00-报销材料封面.pdf')!)).toBe(true);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reimbursement.pack'), eq(auditLog.memberId, who.member.id)))).toHaveLength(2);

    // the payment proof's text: the channel and the trade number (when poppler is there)
    const [p] = await t.db.select().from(onlinePayments).innerJoin(onlinePaymentOrders, eq(onlinePaymentOrders.paymentId, onlinePayments.id)).where(eq(onlinePaymentOrders.orderId, order.id));
    const text = pdfText(files.get(`${order.orderNo}/3-付款证明.pdf`)!, 'proof');
    if (text !== null) {
      expect(text).toContain('付款证明');
      expect(text).toContain('微信支付');
      expect(text).toContain(p!.online_payments.tradeNo!);
      expect(text).toContain('¥160.00');
    }
  });

  it('from ¥50,000 refuses with every reason: no signed agreement, no payment proof, no invoice, no report — and issues nothing', async () => {
    const who = await member();
    const { order } = await makeOrder(who, { progress: 'testing' });
    await t.db.update(orders).set({ totalFen: 6_000_000, discountFen: 0 }).where(eq(orders.id, order.id));
    const expected = [
      `订单 ${order.orderNo}：尚未开具发票，请先申请开票`,
      `订单 ${order.orderNo}：报销金额满 ¥50,000.00 须附已签署的委托检测服务协议（测试合同），该订单尚未签署`,
      `订单 ${order.orderNo}：尚未支付，无付款证明（报销金额满 ¥1,000.00 须附付款证明）`,
      `订单 ${order.orderNo}：尚无检测报告，报告上传后方可报销`,
    ];
    const seen = await status(who, { order_no: order.orderNo });
    expect(seen.data).toMatchObject({ ready: false, missing: expected, totalFen: 6_000_000 });
    // from ¥50,000 the 清单 is no longer asked (the contract is), but still enclosed
    expect(seen.data.pieces.find((p) => p.kind === 'statement')).toMatchObject({ present: true, required: false });
    const res = await pack(who, { order_no: order.orderNo });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 0, msg: `报销材料不全，暂不能下载：${expected.map((m, i) => `${i + 1}. ${m}`).join('；')}` });
    expect(await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id))).toEqual([]);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reimbursement.pack'), eq(auditLog.memberId, who.member.id)))).toEqual([]);

    // a pending invoice and a cancelled order say so
    await invoice(who, [order], { status: 'pending' });
    expect((await status(who, { order_no: order.orderNo })).data.missing[0]).toBe(`订单 ${order.orderNo}：发票申请审核中，尚未开具`);
    const cancelled = await makeOrder(who, { progress: 'cancelled' });
    expect((await status(who, { order_no: cancelled.order.orderNo })).data.missing).toEqual([`订单 ${cancelled.order.orderNo}：已取消，不能报销`]);

    // once signed, paid, reported and invoiced, the big order's pack holds the agreement
    await signAgreement(order);
    await t.db.update(orders).set({ progress: 'completed' }).where(eq(orders.id, order.id));
    await pay({ ...order, totalFen: 6_000_000, discountFen: 0 }, 'prestore');
    await report(order);
    await t.db.update(invoiceApplications).set({ status: 'issued', invoiceNo: '26310001', issuedOn: '2026-12-01', fileName: await stored('invoices', pdfOf('inv')), fileType: 'application/pdf' }).where(eq(invoiceApplications.memberId, who.member.id));
    const files = unzip((await pack(who, { order_no: order.orderNo })).rawPayload);
    expect(files.get(`${order.orderNo}/2-委托检测服务协议.pdf`)!.toString()).toContain('signed agreement');
    checkSums(files);
  });
});

describe('the 创新券 template (contract, invoice, payment proof, service result)', () => {
  it('refuses a small unpaid order with each of its four reasons', async () => {
    const who = await member();
    const { order } = await makeOrder(who, { progress: 'testing' });
    const seen = await status(who, { order_no: order.orderNo, template: 'voucher' });
    expect(seen.data).toMatchObject({
      template: 'voucher',
      templateName: '创新券兑付',
      ready: false,
      missing: [
        `订单 ${order.orderNo}：尚未开具发票，请先申请开票`,
        `订单 ${order.orderNo}：创新券兑付须附已签署的委托检测服务协议（合同），该订单尚未签署`,
        `订单 ${order.orderNo}：尚未支付，无付款证明（创新券兑付须附付款证明）`,
        `订单 ${order.orderNo}：尚无检测报告，报告上传后方可报销`,
      ],
    });
    expect((await pack(who, { order_no: order.orderNo, template: 'voucher' })).statusCode).toBe(409);
  });

  it('bundles the signed contract, invoice, payment proof and report, without the 清单', async () => {
    const who = await member();
    const order = await readyOrder(who, 'prestore');
    await signAgreement(order);
    const inv = await invoice(who, [order]);
    const files = unzip((await pack(who, { order_no: order.orderNo, template: 'voucher' })).rawPayload);
    expect([...files.keys()]).toEqual([
      '00-报销材料封面.pdf',
      `01-发票-${inv.invoiceNo}.pdf`,
      `${order.orderNo}/2-委托检测服务协议.pdf`,
      `${order.orderNo}/3-付款证明.pdf`,
      `${order.orderNo}/4-检测报告-1-XRD 图谱.pdf`,
      'manifest.txt',
      'SHA256SUMS',
    ]);
    checkSums(files);
    expect(files.get('manifest.txt')!.toString('utf8')).toContain('报销模板：创新券兑付');
    // paid from the funds: the proof lists the ledger line and the confirmed top-up behind it
    const text = pdfText(files.get(`${order.orderNo}/3-付款证明.pdf`)!, 'prestore-proof');
    if (text !== null) {
      expect(text).toContain('预存款');
      expect(text).toContain('预存申请');
      expect(text).toContain('同济大学财务处');
    }
  });
});

describe('who and what a pack covers', () => {
  it('one invoice covering three orders gives one pack with the three orders’ pieces and one invoice', async () => {
    const who = await member();
    const three = [await readyOrder(who, 'prestore'), await readyOrder(who, 'online'), await readyOrder(who, 'prestore')];
    const inv = await invoice(who, three);
    const seen = await status(who, { invoice_rid: inv.rid });
    expect(seen.data).toMatchObject({ ready: true, totalFen: 48_000 });
    expect(seen.data.orders.map((o) => o.orderNo)).toEqual(three.map((o) => o.orderNo));
    const files = unzip((await pack(who, { invoice_rid: inv.rid })).rawPayload);
    const names = [...files.keys()];
    expect(names.filter((n) => n.includes('发票'))).toEqual([`01-发票-${inv.invoiceNo}.pdf`]);
    for (const o of three) {
      expect(names).toContain(`${o.orderNo}/1-测试明细清单.pdf`);
      expect(names).toContain(`${o.orderNo}/3-付款证明.pdf`);
      expect(names).toContain(`${o.orderNo}/4-检测报告-1-XRD 图谱.pdf`);
    }
    expect(names).toHaveLength(3 * 3 + 4);
    checkSums(files);
    const text = pdfText(files.get('00-报销材料封面.pdf')!, 'cover');
    if (text !== null) {
      expect(text).toContain('报销材料封面');
      expect(text).toContain('¥480.00');
      expect(text).toContain('肆佰捌拾元整');
      for (const o of three) expect(text).toContain(o.orderNo);
    }
  });

  it('a statement period (对账单): the member’s live orders created in it, each with its pieces', async () => {
    const who = await member();
    const a = await readyOrder(who, 'online');
    const b = await readyOrder(who, 'prestore');
    await makeOrder(who, { progress: 'cancelled' });
    await invoice(who, [a, b]);
    const seen = await status(who, { from: '2026-12-01', to: '2026-12-01' });
    expect(seen.data).toMatchObject({ ready: true, totalFen: 32_000 });
    expect(seen.data.orders.map((o) => o.orderNo)).toEqual([a.orderNo, b.orderNo]);
    const files = unzip((await pack(who, { from: '2026-12-01', to: '2026-12-01' })).rawPayload);
    expect([...files.keys()].filter((n) => n.endsWith('1-测试明细清单.pdf'))).toHaveLength(2);
    checkSums(files);
    expect((await status(who, { from: '2026-12-02', to: '2026-12-01' }))).toMatchObject({ status: 400, msg: '[开始日期]不能晚于[结束日期]' });
    expect((await status(who, { from: '2026-11-01', to: '2026-11-30' })).data.missing).toEqual(['该期间没有可报销的订单']);
  });

  it('a community-paid order: its owner may take the pack; the order’s member too; anyone else gets 404', async () => {
    const owner = await member({ name: '王教授' });
    const student = await member({ name: '小张' });
    const [c] = await t.db.insert(communities).values({ rid: randomId(), name: '催化课题组', unit: '同济大学化学系', ownerMemberId: owner.member.id }).returning();
    await t.db.insert(communityMembers).values([
      { communityId: c!.id, memberId: owner.member.id, role: 'owner', status: 'approved' },
      { communityId: c!.id, memberId: student.member.id, role: 'member', status: 'approved' },
    ]);
    const { order } = await makeOrder(student, { progress: 'completed' });
    await pay(order, { communityId: c!.id, by: owner.member.id });
    await report(order);
    await invoice(student, [order]);
    expect((await status(owner, { order_no: order.orderNo })).data.ready).toBe(true);
    const files = unzip((await pack(owner, { order_no: order.orderNo })).rawPayload);
    checkSums(files);
    const text = pdfText(files.get(`${order.orderNo}/3-付款证明.pdf`)!, 'community-proof');
    if (text !== null) expect(text).toContain('催化课题组');
    expect((await pack(student, { order_no: order.orderNo })).statusCode).toBe(200);

    const stranger = await member();
    for (const call of [pack(stranger, { order_no: order.orderNo }), t.app.inject({ method: 'POST', url: '/api/auth/reimbursement/status', payload: { order_no: order.orderNo }, headers: { token: stranger.token } })]) {
      const res = await call;
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 0, msg: '订单不存在' });
    }
    const inv = (await t.db.select().from(invoiceApplications).where(eq(invoiceApplications.memberId, student.member.id)))[0]!;
    expect((await pack(stranger, { invoice_rid: inv.rid })).json()).toMatchObject({ code: 0, msg: '开票申请不存在' });
    expect((await pack(stranger, {})).statusCode).toBe(400);
    expect((await get('/api/auth/reimbursement/pack', undefined, { order_no: order.orderNo })).statusCode).toBe(401);
  });

  it('an order paid with a grant card carries the card statement (xlsx) of that order beside its papers', async () => {
    const owner = await member({ name: '陈教授' });
    const student = await member({ name: '小刘' });
    const [c] = await t.db.insert(communities).values({ rid: randomId(), name: '电池课题组', unit: '复旦大学材料系', ownerMemberId: owner.member.id }).returning();
    await t.db.insert(communityMembers).values([
      { communityId: c!.id, memberId: owner.member.id, role: 'owner', status: 'approved' },
      { communityId: c!.id, memberId: student.member.id, role: 'member', status: 'approved' },
    ]);
    const [card] = await t.db.insert(grantCards).values({ rid: randomId(), communityId: c!.id, name: '国自然青年项目', number: 'NSFC-52300001', endDate: '2099-12-31' }).returning();
    const [allowance] = await t.db.insert(grantAllowances).values({ cardId: card!.id, memberId: student.member.id, period: 'total', amountFen: 1_000_000, autoLimitFen: 1_000_000 }).returning();
    const order = await readyOrder(student, { communityId: c!.id, by: owner.member.id });
    await invoice(student, [order]);
    const due = order.totalFen - order.discountFen;
    await t.db.insert(grantUsage).values({ cardId: card!.id, allowanceId: allowance!.id, memberId: student.member.id, orderId: order.id, kind: 'payment', amountFen: due, month: '2026-03' });
    // another member's spending on the card is not in this member's pack
    const other = await readyOrder(owner, { communityId: c!.id, by: owner.member.id });
    await t.db.insert(grantUsage).values({ cardId: card!.id, allowanceId: allowance!.id, memberId: owner.member.id, orderId: other.id, kind: 'payment', amountFen: 1, month: '2026-03' });

    const state = (await status(student, { order_no: order.orderNo })).data;
    expect(state.pieces.find((p) => p.kind === 'grant')).toMatchObject({ label: '经费卡对账单', present: true, required: false, name: `${order.orderNo}/5-经费卡对账单-NSFC-52300001.xlsx` });
    const files = unzip((await pack(student, { order_no: order.orderNo })).rawPayload);
    checkSums(files);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(files.get(`${order.orderNo}/5-经费卡对账单-NSFC-52300001.xlsx`)! as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(String(rows[0]![0])).toContain('经费卡「国自然青年项目」（NSFC-52300001）');
    expect(rows.slice(2).map((r) => [r[2], r[3], r[4], r[5]])).toEqual([[order.orderNo, 'NSFC-52300001', '扣款', due / 100]]);
    expect(files.get('manifest.txt')!.toString('utf8')).toContain('经费卡对账单');
  });
});

describe('系统 → 报销模板 (admin)', () => {
  it('admin lowers the contract threshold: a ¥160 order now asks for the signed agreement; bad input and other roles change nothing', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const listed = await post<PackTemplateView[]>('/api/admin/packTemplate/list', admin, {});
    expect(listed.data.map((v) => [v.key, v.contractFromFen, v.proofFromFen, v.updatedAt])).toEqual([
      ['default', 5_000_000, 100_000, null],
      ['voucher', 0, 0, null],
    ]);
    const who = await member();
    const order = await readyOrder(who, 'online');
    await invoice(who, [order]);
    expect((await status(who, { order_no: order.orderNo })).data.ready).toBe(true);

    const bad = await post('/api/admin/packTemplate/save', admin, { key: 'default', name: '', rule: '规则', contract_from: '-1', proof_from: '1000' });
    expect(bad).toMatchObject({ code: 0, msg: '[模板名称]不能为空' });
    const bySales = await post('/api/admin/packTemplate/save', suite.sales, { key: 'default', name: '复旦大学', rule: '规则', contract_from: '100', proof_from: '100' });
    expect(bySales.code).toBe(0);
    expect((await post<PackTemplateView[]>('/api/admin/packTemplate/list', admin, {})).data[0]!.updatedAt).toBeNull();

    const saved = await post<PackTemplateView>('/api/admin/packTemplate/save', admin, { key: 'default', name: '复旦大学财务处', rule: '满 ¥100 须附测试合同', contract_from: '100', proof_from: '100' });
    expect(saved).toMatchObject({ code: 1, msg: '报销模板已保存', data: { key: 'default', name: '复旦大学财务处', contractFromFen: 10_000, proofFromFen: 10_000 } });
    const after = await status(who, { order_no: order.orderNo });
    expect(after.data).toMatchObject({ templateName: '复旦大学财务处', templateRule: '满 ¥100 须附测试合同', ready: false, missing: [`订单 ${order.orderNo}：报销金额满 ¥100.00 须附已签署的委托检测服务协议（测试合同），该订单尚未签署`] });
    expect(after.data.templates[0]).toEqual({ key: 'default', name: '复旦大学财务处' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'content.packTemplate'));
    expect(audits.map((a) => a.targetKey)).toEqual(['default']);

    // back to the built-in figures for the other tests
    await post('/api/admin/packTemplate/save', admin, { key: 'default', name: '高校报销（通用）', rule: '默认', contract_from: '50000', proof_from: '1000' });
  });
});

/** pdftotext's text of a PDF, or null when poppler-utils is not installed (scripts/ensure-browser.sh installs it in CI). */
function pdfText(pdf: Buffer, name: string): string | null {
  const dir = path.join(tmpRoot, 'reimbursement-test');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${randomId(6)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

describe('a pack that cannot be whole', () => {
  it('a stored file gone: 409 before the first byte naming it, and nothing is issued or logged', async () => {
    const who = await member();
    const order = await readyOrder(who, 'online');
    await invoice(who, [order]);
    const [file] = await t.db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id));
    await t.app.deps.files.remove('reports', file!.storedName);
    const issuedBefore = await t.db.$count(sealedDocuments);
    const res = await pack(who, { order_no: order.orderNo });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ msg: string }>().msg).toBe(`报销材料暂不能下载：1. 订单 ${order.orderNo} 的检测报告（${order.orderNo}/4-检测报告-1-XRD 图谱.pdf）在文件库中找不到。请联系实验室处理后再试`);
    expect(await t.db.$count(sealedDocuments)).toBe(issuedBefore);
    expect(await t.db.$count(auditLog, and(eq(auditLog.memberId, who.member.id), eq(auditLog.action, 'reimbursement.pack')))).toBe(0);
  });
});

