import { and, asc, desc, eq } from 'drizzle-orm';
import type { AdminOrder, Envelope, OrderDetail, ProgressStatus } from '@lab/contract';
import { call, type TestContext } from '../../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../../test/factories';
import { randomId } from '../../../platform/crypto';
import { outbox } from '../../../platform/platform.tables';
import { seedCatalog } from '../../catalog/catalog.seed';
import { serviceItems } from '../../catalog/catalog.tables';
import { creditAccount, ensureAccount, payFromFunds, systemActor } from '../../funds/ledger.service';
import { orderPaymentReference } from '../cancel-core';
import { newOrderNo } from '../order-core';
import { memberMessages } from '../../messages/member-messages.tables';
import { orderEvents, orderFiles, orderLines, orders } from '../orders.tables';
import { issueSession } from '../../accounts/sessions.service';

/**
 * Orders written straight into the tables (state chosen by the test), so the progress tests
 * do not depend on placing orders through order/add; and the multipart upload of a report.
 */
export type Who = { token: string };
export type MemberWho = Awaited<ReturnType<typeof makeLoggedInMember>>;

export const post = <T = unknown>(t: TestContext, url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

export async function progressContext(t: TestContext) {
  await seedCatalog(t.db);
  const [item] = await t.db.select().from(serviceItems).where(eq(serviceItems.reservable, false)).orderBy(asc(serviceItems.id)).limit(1);
  if (!item) throw new Error('no catalogue item');
  const now = t.clock.now();
  const [admin, sales, lab, finance] = await Promise.all([
    makeStaff(t.db, 'admin', now),
    makeStaff(t.db, 'sales', now),
    makeStaff(t.db, 'lab', now),
    makeStaff(t.db, 'finance', now),
  ]);
  return { item, admin, sales, lab, finance };
}

export const memberOf = (t: TestContext, overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), overrides);

export type AdminDetail = OrderDetail & { member: AdminOrder['member'] };

/**
 * The calls of the staff progress tests (progress-*.test.ts) over the file's context and
 * progressContext: `suite` is read at each call, after beforeAll has set them.
 */
export function progressCalls(suite: () => { t: TestContext; ctx: Awaited<ReturnType<typeof progressContext>> }) {
  const order = async (options: OrderOptions = {}, who?: Awaited<ReturnType<typeof memberOf>>) => {
    const { t, ctx } = suite();
    const m = who ?? (await memberOf(t));
    const row = await makeOrder(t, ctx.item, m.member.id, options);
    return { m, row };
  };
  const staffCall = (action: string, who: { token: string } | undefined, form: Record<string, string | undefined>) =>
    post<AdminDetail>(suite().t, `/api/admin/orders/${action}`, who, form);
  return { order, staffCall };
}

export interface OrderOptions {
  progress?: ProgressStatus;
  payment?: 'unpaid' | 'unsettled' | 'paid' | 'refunded';
  payLater?: boolean;
  organization?: number | null;
  deliveredAt?: Date | null;
  lines?: number;
  totalFen?: number;
}

/** An order of the member in the given state, with `lines` lines of two samples each; a paid one is paid in the ledger. */
export async function makeOrder(t: TestContext, item: typeof serviceItems.$inferSelect, memberId: number, options: OrderOptions = {}) {
  const now = t.clock.now();
  const progress = options.progress ?? 'submitted';
  const lineCount = options.lines ?? 1;
  const orderNo = newOrderNo(now);
  const totalFen = options.totalFen ?? item.priceFen * 2 * lineCount;
  const payment = options.payment ?? 'paid';
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo,
      memberId,
      progress,
      payment,
      payLater: options.payLater ?? false,
      organization: options.organization ?? 3,
      title: item.name,
      lineCount,
      sampleCount: 2 * lineCount,
      totalFen,
      paidFen: payment === 'paid' ? totalFen : 0,
      paidFromKind: payment === 'paid' && totalFen > 0 ? 'member' : null,
      paidFromId: payment === 'paid' && totalFen > 0 ? memberId : null,
      paidAt: payment === 'paid' ? now : null,
      contact: '张老师',
      phone: '13800000000',
      receivedAt: ['received', 'testing', 'delivered', 'completed'].includes(progress) ? now : null,
      deliveredAt: options.deliveredAt !== undefined ? options.deliveredAt : ['delivered', 'completed'].includes(progress) ? now : null,
      completedAt: progress === 'completed' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await t.db.insert(orderLines).values(
    Array.from({ length: lineCount }, (_, i) => ({
      rid: randomId(),
      orderId: order!.id,
      itemId: item.id,
      name: item.name,
      img: item.img,
      typeId: item.typeId,
      groupId: item.groupId,
      unit: item.unit,
      count: 2,
      unitPriceFen: item.priceFen,
      amountFen: item.priceFen * 2,
      samples: [
        { name: `样品A${i + 1}`, count: 1, form: 'powder' as const, hazards: '', magnetic: false, returnWanted: false, code: `${orderNo}-${i + 1}-1` },
        { name: `样品B${i + 1}`, count: 1, form: 'film' as const, hazards: '', magnetic: false, returnWanted: true, code: `${orderNo}-${i + 1}-2` },
      ],
      sort: i,
    })),
  );
  if (order!.payment === 'paid' && order!.paidFen > 0) await bookPayment(t, order!);
  return order!;
}

export async function orderRow(t: TestContext, orderNo: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row!;
}

export async function eventsOf(t: TestContext, orderId: number) {
  return t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

export async function messagesOf(t: TestContext, memberId: number) {
  return t.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(asc(memberMessages.id));
}

export async function smsTo(t: TestContext, phone: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))
    .orderBy(desc(outbox.id));
}

// ---- files ----

export const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);
export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const zipBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('zip body')]);

/** POST multipart /api/admin/orders/report/upload with the fields and one file. */
export async function uploadReport(t: TestContext, who: Who | undefined, fields: Record<string, string>, file: { name: string; bytes: Buffer; type?: string } | null) {
  const boundary = '----progressboundary';
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.bytes);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/orders/report/upload',
    headers: { ...(who ? { token: who.token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  const body = response.json() as Envelope<{ id: string; name: string; size: number }[]>;
  return { status: response.statusCode, ...body };
}

/** Books the payment of a paid test order in the ledger (a top-up, then the order's payment), so a cancel can refund it. */
export async function bookPayment(t: TestContext, order: { orderNo: string; memberId: number; paidFen: number }) {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', order.memberId);
    await creditAccount(tx, account.id, order.paidFen, 'topup', `test-topup:${order.orderNo}`, systemActor, t.clock.now());
  });
  await payFromFunds(t.db, { ownerKind: 'member', ownerId: order.memberId, amountFen: order.paidFen, reference: orderPaymentReference(order.orderNo), now: t.clock.now() });
}

/** A report row written directly (no file on disk): enough for the deliver step's check. */
export async function attachReport(t: TestContext, orderId: number, name = '检测报告.pdf') {
  await t.db.insert(orderFiles).values({ rid: randomId(), orderId, kind: 'report', name, storedName: `${randomId(24)}.pdf`, type: 'application/pdf', size: 100, createdAt: t.clock.now() });
}

/** A new token for a member after the test moved the clock past the old one's life. */
export async function freshToken(t: TestContext, memberId: number) {
  return issueSession(t.db, 'member', memberId, { now: t.clock.now() });
}
