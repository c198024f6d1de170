import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AddressEntity, CommunitySummary, Contract, GrantCard, InvoiceApplication, InvoiceTitle, OrderSummary, PrestoreApplication, Requirement, Reservation, TransferApplication, Wait } from '@lab/contract';
import { randomId } from '../src/platform/crypto';
import { memberMessages } from '../src/areas/messages/member-messages.tables';
import { orderFiles, reservations } from '../src/areas/orders/orders.tables';
import { sealedDocuments } from '../src/areas/orders/documents/documents.tables';
import { makeItem, makePlanLine } from '../src/areas/orders/test-helpers';
import { makeOrder } from '../src/areas/orders/desk/progress.test-helpers';
import { bookPickup } from '../src/areas/orders/desk/order-desk.test-helpers';
import { giveCoupon } from '../src/areas/payments/payment.test-helpers';
import { saveMemberSettings, shanghaiAddress } from '../src/areas/member/test-helpers';
import { creditAccount, ensureAccount, systemActor } from '../src/areas/funds/ledger.service';
import { exchangeItems } from '../src/areas/growth/growth.tables';
import { accounts } from '../src/areas/funds/funds.tables';
import { communities, communityMembers } from '../src/areas/member/member.tables';
import { grantRequests } from '../src/areas/grants/grants.tables';
import { vaultFiles, vaultShareLinks } from '../src/areas/vault/vault.tables';
import { call, type CallResult, type TestContext } from './harness';
import { versionOf } from './decision-pins';
import { makeLoggedInMember, makeMember, makeStaff } from './factories';
import { acceptCurrentTerms } from '../src/areas/growth/growth.test-helpers';

/**
 * One world for the access-control and upload suites: member A owns one of everything a member
 * can own (built through the members' and staff's own calls where they exist), member B owns the
 * little B needs to make a call that is otherwise valid (an order to pay, a plan line, an
 * address), and one staff member of each role.
 */

/** Saturday 2026-03-07 10:00 in Shanghai: Monday 03-09 is bookable. */
export const WORLD_NOW = '2026-03-07T02:00:00Z';
export const BOOKING_DAY = '2026-03-09';

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake image body')]);

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart POST (text fields, then at most one file) as the web's upload buttons send it. */
export async function multipart<T = unknown>(app: FastifyInstance, url: string, token: string | undefined, fields: Record<string, string>, file?: UploadFile): Promise<CallResult<T>> {
  const boundary = `----access${randomId(8)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`), Buffer.from(file.name, 'utf8'), Buffer.from(`"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`)]),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  const body = (String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {}) as { code: number; msg: string; data: T };
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data, headers: response.headers };
}

async function ok<T>(result: Promise<CallResult<T>>, what: string): Promise<T> {
  const res = await result;
  expect(res.code, `${what}: ${res.status} ${res.msg}`).toBe(1);
  return res.data;
}

export async function buildWorld(t: TestContext) {
  const now = t.clock.now();
  const post = <T = unknown>(url: string, who: { token: string }, form: Record<string, unknown> = {}) => call<T>(t.app, 'POST', url, { token: who.token, json: form });
  await saveMemberSettings(t.db);
  const [admin, sales, lab, finance] = await Promise.all([makeStaff(t.db, 'admin', now), makeStaff(t.db, 'sales', now), makeStaff(t.db, 'lab', now), makeStaff(t.db, 'finance', now)]);
  const a = await makeLoggedInMember(t.db, now, { name: '甲老师', nickname: '甲老师', organization: 3 });
  const b = await makeLoggedInMember(t.db, now, { name: '乙同学', nickname: '乙同学', organization: 0 });

  // ---- addresses, pickups ----
  const addressA = await ok(post<AddressEntity>('/api/auth/address/add', a, shanghaiAddress), 'A address');
  const addressB = await ok(post<AddressEntity>('/api/auth/address/add', b, shanghaiAddress), 'B address');
  const pickupA = await bookPickup(t, a.member.id, BOOKING_DAY, '09:00');

  // ---- community of A, with B's own for the calls B makes on its own ----
  const communityA = await ok(post<CommunitySummary>('/api/auth/cluster/add', a, { name: '甲课题组', unit: '复旦大学', description: '' }), 'A community');

  // ---- money: top-ups (one pending with a receipt, two confirmed), a transfer, titles, invoices, credit ----
  const topUp = async (amount: string, confirm: boolean, who = a) => {
    const added = await ok(post<PrestoreApplication>('/api/auth/prestoreApply/add', who, { amount }), 'top-up');
    if (confirm) await ok(post('/api/admin/funds/prestore/confirm', finance, { rid: added.rid, version: await versionOf(t.db, 'prestore', added.rid) }), 'confirm top-up');
    return added;
  };
  const prestorePending = await topUp('1000', false);
  await ok(multipart(t.app, '/api/auth/prestoreApply/receipt', a.token, { rid: prestorePending.rid }, { name: 'receipt.png', bytes: pngBytes, type: 'image/png' }), 'A receipt');
  const prestoreForInvoice = await topUp('800', true);
  const prestoreIssued = await topUp('900', true);
  await topUp('6000', true);
  const transferA = await ok(post<TransferApplication>('/api/auth/transferApply/add', a, { community_rid: communityA.rid, direction: 'toCommunity', amount: '5500' }), 'A transfer');
  const titleA = await ok(post<InvoiceTitle>('/api/auth/invoice/add', a, { kind: 'personal', title: '甲老师', email: 'a@example.com' }), 'A title');
  const invoicePending = await ok(post<InvoiceApplication>('/api/auth/invoiceApply/add', a, { type: 1, title_rid: titleA.rid, prestore_rids: prestoreForInvoice.rid }), 'A invoice');
  const invoiceIssued = await ok(post<InvoiceApplication>('/api/auth/invoiceApply/add', a, { type: 1, title_rid: titleA.rid, prestore_rids: prestoreIssued.rid }), 'A invoice 2');
  await ok(multipart(t.app, '/api/admin/funds/invoice/issueWithFile', finance.token, { rid: invoiceIssued.rid, version: String(await versionOf(t.db, 'invoice', invoiceIssued.rid)), invoice_no: '25310000000012345678', issued_on: '2026-03-06' }, { name: 'invoice.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'issue invoice');
  const titleB = await ok(post<InvoiceTitle>('/api/auth/invoice/add', b, { kind: 'personal', title: '乙同学', email: 'b@example.com' }), 'B title');
  const prestoreB = await topUp('300', true, b);
  const invoiceB = await ok(post<InvoiceApplication>('/api/auth/invoiceApply/add', b, { type: 1, title_rid: titleB.rid, prestore_rids: prestoreB.rid }), 'B invoice');
  const credit = await ok(post<{ applications: { rid: string }[] }>('/api/auth/creditApply/operate', a, { action: 'apply', limit: '20000', reason: '课题组测试经费统一结算' }), 'A credit');
  const couponA = await giveCoupon(t, a.member.id);

  // ---- plan and orders ----
  const item = await makeItem(t.db);
  const instrument = await makeItem(t.db, { reservable: true });
  const lineA = await makePlanLine(t.db, a.member.id, item, {}, now);
  const lineB = await makePlanLine(t.db, b.member.id, item, {}, now);
  // A's sealed 报价单 of that plan (its number is what order/add quote_no names)
  const quoted = await t.app.inject({ method: 'GET', url: '/api/auth/tempDevice/quote', headers: { token: a.token } });
  expect(quoted.statusCode, quoted.body.slice(0, 200)).toBe(200);
  const [quoteA] = await t.db.select({ no: sealedDocuments.no }).from(sealedDocuments).where(and(eq(sealedDocuments.memberId, a.member.id), eq(sealedDocuments.kind, 'quote')));
  const orderA = await makeOrder(t, item, a.member.id, { payment: 'unpaid' });
  const orderB = await makeOrder(t, item, b.member.id, { payment: 'unpaid' });
  const orderBDelivered = await makeOrder(t, item, b.member.id, { progress: 'delivered', payment: 'paid' });
  const orderBUnsettled = await makeOrder(t, item, b.member.id, { progress: 'delivered', payment: 'unsettled', payLater: true });
  const orderDelivered = await makeOrder(t, item, a.member.id, { progress: 'testing', payment: 'paid' });
  // ---- grant cards: A's card on A's community, and a payment of A's waiting for the PI (A himself: no auto-approval) ----
  const cardA = await ok(post<GrantCard>('/api/auth/grant/card/save', a, { community_rid: communityA.rid, name: '甲的经费卡', number: 'JIA-001', end_date: '2030-12-31' }), 'A card');
  await ok(post('/api/auth/grant/allowance/set', a, { card_rid: cardA.rid, member_rid: a.member.rid, period: 'total', amount: '10000', auto_limit: '0' }), 'A allowance');
  const orderGrantA = await makeOrder(t, item, a.member.id, { payment: 'unpaid' });
  const filed = await ok(post<OrderSummary>('/api/auth/order/pay', a, { order_no: orderGrantA.orderNo, card_rid: cardA.rid }), 'A card payment');
  expect(filed.payment).toBe('approval');
  const [requestA] = await t.db.select({ rid: grantRequests.rid }).from(grantRequests).where(eq(grantRequests.orderId, orderGrantA.id));
  // B's own community (inserted: B is a student), so B's calls on it name only A's other ids
  const [communityB] = await t.db.insert(communities).values({ rid: randomId(), name: '乙课题组', unit: '复旦大学', ownerMemberId: b.member.id }).returning();
  await t.db.insert(communityMembers).values({ communityId: communityB!.id, memberId: b.member.id, role: 'owner', status: 'approved' });
  const report = await ok(multipart<{ id: string }[]>(t.app, '/api/admin/orders/report/upload', lab.token, { order_no: orderDelivered.orderNo }, { name: '检测报告.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'report upload');
  await ok(post('/api/admin/orders/deliver', lab, { order_no: orderDelivered.orderNo }), 'deliver');
  const orderCompleted = await makeOrder(t, item, a.member.id, { progress: 'completed', payment: 'paid' });
  const orderUnsettled = await makeOrder(t, item, a.member.id, { progress: 'delivered', payment: 'unsettled', payLater: true });
  const paymentA = await ok(post<{ payment: { paymentNo: string } }>('/api/auth/onlinePay/start', a, { purpose: 'topup', vendor: 'wechat', scene: 'native', amount: '1000' }), 'A online payment');
  const reservationA = await ok(post<Reservation>('/api/auth/reservation/add', a, { rid: instrument.rid, date: BOOKING_DAY, hours: JSON.stringify([9]) }), 'A reservation');
  // A waits for an hour B holds
  await ok(post<Reservation>('/api/auth/reservation/add', b, { rid: instrument.rid, date: BOOKING_DAY, hours: JSON.stringify([10]) }), 'B reservation');
  // a firm (paid) booking of A has a calendar file
  const reservationFirmA = await ok(post<Reservation>('/api/auth/reservation/add', a, { rid: instrument.rid, date: BOOKING_DAY, hours: JSON.stringify([11]) }), 'A firm reservation');
  await t.db.update(reservations).set({ holdUntil: null }).where(eq(reservations.rid, reservationFirmA.rid));
  const waitA = await ok(post<Wait>('/api/auth/reservation/wait/join', a, { rid: instrument.rid, date: BOOKING_DAY, hour: 10 }), 'A wait');
  await ok(multipart(t.app, '/api/auth/order/updateProtocolFile', a.token, { order_no: orderA.orderNo }, { name: 'agreement.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'A agreement');

  // ---- requirement with an attachment and a quote; a lab contract with A's signed copy ----
  const requirementA = await ok(
    post<Requirement>('/api/auth/demand/add', a, { title: '薄膜XRD测试', content: '需要掠入射', samples: '薄膜3片', contact: '甲老师', phone: '13800138000' }),
    'A requirement',
  );
  const attachment = await ok(multipart<Requirement>(t.app, '/api/auth/demand/file', a.token, { rid: requirementA.rid }, { name: '样品说明.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'A attachment');
  await ok(post('/api/admin/demand/quote', sales, { rid: requirementA.rid, lines: JSON.stringify([{ rid: item.rid, count: 2, options: { '1': 11 } }]) }), 'quote');
  const requirementB = await ok(
    post<Requirement>('/api/auth/demand/add', b, { title: '粉末XRD', content: '物相', samples: '粉末1管', contact: '乙同学', phone: '13800138001' }),
    'B requirement',
  );
  const contractA = await ok(multipart<Contract>(t.app, '/api/admin/contract/add', sales.token, { member_rid: a.member.rid, title: '框架合同' }, { name: 'contract.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'lab contract');
  await ok(multipart(t.app, '/api/auth/contract/upload', a.token, { rid: contractA.rid }, { name: 'signed.pdf', bytes: pdfBytes, type: 'application/pdf' }), 'A signed');

  // ---- growth: a rebate withdrawal, an invitee, a message ----
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', a.member.id, 'rebate');
    await creditAccount(tx, account.id, 200_00, 'rebate_release', `rebate:test-${randomId()}`, systemActor, now);
  });
  await acceptCurrentTerms(t, a);
  const withdrawalA = await ok(post<{ rid: string }>('/api/auth/promoter_rebate_withdraw/add', a, { amount: '100', method: 'prestore' }), 'A withdrawal');
  const inviteeOfA = await makeMember(t.db, { inviterId: a.member.id });
  const [gift] = await t.db.insert(exchangeItems).values({ rid: randomId(), name: '实验记录本', kind: 'gift', points: 1 }).returning();
  const consultationA = await ok(post<{ rid: string }>('/api/auth/consult/add', a, { content: 'A 的咨询：XRD 需要多少样品？' }), 'A consultation');
  const [messageA] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, a.member.id)).orderBy(asc(memberMessages.id)).limit(1);
  if (!messageA) throw new Error('A has no message');
  const [accountA] = await t.db.select().from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, a.member.id), eq(accounts.kind, 'prestore')));
  const [reportRow] = await t.db.select().from(orderFiles).where(and(eq(orderFiles.orderId, orderDelivered.id), eq(orderFiles.kind, 'report')));
  // a raw data file of A's in the vault (its bytes are not needed: every call about it is refused to B), and a share link of it
  const [vaultFileA] = await t.db
    .insert(vaultFiles)
    .values({ rid: `vf${randomId(12)}`, orderId: orderDelivered.id, memberId: a.member.id, name: 'A-SEM.tif', size: 10, sha256Claimed: 'a'.repeat(64), state: 'verified', storageKey: 'none.bin', partSize: 8 << 20, retentionEnd: new Date('2027-01-01'), uploadedBy: lab.id })
    .returning();
  const [vaultShareA] = await t.db
    .insert(vaultShareLinks)
    .values({ tokenHash: randomId(20), rid: `vs${randomId(12)}`, memberId: a.member.id, fileIds: [vaultFileA!.id], expiresAt: new Date('2027-01-01') })
    .returning();

  return {
    staff: { admin, sales, lab, finance },
    a,
    b,
    item,
    instrument,
    addressA,
    addressB,
    pickupA,
    communityA,
    communityB: communityB!,
    cardA,
    requestA: requestA!,
    prestorePending,
    prestoreForInvoice,
    transferA,
    titleA,
    invoicePending,
    invoiceIssued,
    creditRid: credit.applications[0]!.rid,
    couponA,
    lineA,
    lineB,
    quoteNoA: quoteA!.no,
    orderA,
    orderB,
    orderBDelivered,
    orderBUnsettled,
    titleB,
    prestoreB,
    invoiceB,
    requirementB,
    gift: gift!,
    accountA: accountA!,
    orderDelivered,
    reportId: report[0]?.id ?? reportRow!.rid,
    orderCompleted,
    orderUnsettled,
    paymentNoA: paymentA.payment.paymentNo,
    reservationA,
    waitA,
    reservationFirmA,
    requirementA,
    attachmentId: attachment.files[0]!.id,
    contractA,
    withdrawalA,
    inviteeOfA,
    messageA,
    consultationA,
    vaultFileA: vaultFileA!,
    vaultShareA: vaultShareA!,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * Every row of every table, as one digest per table: a refused call must leave all of them as
 * they were. rate_limits counts calls by design, so it is left out.
 */
export async function databaseDigest(t: TestContext): Promise<Map<string, string>> {
  const tables = await t.db.execute(
    sql.raw(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('rate_limits', '__drizzle_migrations') order by 1`),
  );
  const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const sqlText = names.map((name) => `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from "${name}" x`).join(' union all ');
  const result = await t.db.execute(sql.raw(sqlText));
  return new Map((result as unknown as { rows: { name: string; digest: string }[] }).rows.map((r) => [r.name, r.digest]));
}

/**
 * A digest cache for suites that check many refused calls in a row: the digest after one
 * unchanged call is the digest before the next, so each call costs one digest, not two.
 */
export function digestTracker(t: TestContext) {
  let last: Map<string, string> | null = null;
  return {
    before: async () => (last ??= await databaseDigest(t)),
    /** the tables changed since `before`; the cache is kept only when nothing changed */
    changedSince: async (before: Map<string, string>) => {
      const after = await databaseDigest(t);
      const changed = changedTables(before, after);
      last = changed.length === 0 ? after : null;
      return changed;
    },
    /** after a call that was meant to change something */
    forget: () => {
      last = null;
    },
  };
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, digest]) => before.get(name) !== digest).map(([name]) => name);
}

/** Every stored file under the data folder (relative paths), to prove a refused upload wrote nothing. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).sort();
}
