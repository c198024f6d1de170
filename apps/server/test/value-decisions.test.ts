import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DECISION_CHANGED_MESSAGE,
  isApprovalFiled,
  isFixedKind,
  ORDER_PAYMENT_CHANGED,
  type AdminCredit,
  type AdminInvoice,
  type AdminOrderDetail,
  type AdminPointsApplication,
  type AdminPrestore,
  type AdminTransfer,
  type AdminWithdrawal,
  type ApprovalKind,
  type InvoiceTitle,
  type OnlinePayStart,
  type Page,
  type PointsApplication,
} from '@lab/contract';
import type { RouteEntry } from '../src/app';
import { invoiceApplication, pendingCredit, pendingTransfer, pendingWithdrawal, type Staff } from '../src/areas/funds/funds-admin.test-helpers';
import { fund, makeOrder, paymentCatalog, type PaymentCatalog } from '../src/areas/payments/payment.test-helpers';
import { call, createTestContext, type CallResult, type TestContext } from './harness';
import { makeLoggedInMember, makeStaff } from './factories';
import { changedTables, databaseDigest, multipart, pdfBytes, storedFiles } from './access-world';
import { tmpRoot } from './template';
import { limitRow, setLimit } from '../src/areas/approvals/approvals.test-helpers';
import { randomId } from '../src/platform/crypto';
import { couponTemplates } from '../src/areas/funds/funds.tables';

/**
 * Every staff decision that moves money or value books only what the staff member saw, and every
 * one that creates or releases value passes the approval gate (PRODUCT.md "Staff decisions and
 * value"; docs/security.md "Staff decisions book what was seen"), read from the server's own
 * route table: every audited /api/admin route is in the registry below, either as a value
 * decision — with its pin fields and a case, or why it needs none; and with the limit kind whose
 * gate holds it, or why it creates and releases nothing — or as not one, with the reason. An
 * audited route without an entry fails the suite, and so does an entry whose route is gone, and a
 * route that changes a value-holding record (VALUE_ENTITIES) registered as not a value decision.
 * For every gated decision: at a ¥0 limit of its maker it is filed, and nothing but the request
 * (and its audit row) is written; within the limits it books alone. For every value decision with
 * a pin:
 *
 * 1. the route's schema requires every pin field (a call without it is 400 and writes nothing);
 * 2. the application is made through the members' own calls, the staff member reads it from the
 *    back office's own list (what the screen shows), the application then changes behind their
 *    back, and the decision on what they saw is refused with 409 — and no table row and no stored
 *    file has changed;
 * 3. read again, the same decision goes through (the refusal was about the pin).
 */

// inside the shared files folder: upload suites check that nothing new appears next to their own data folders
const dataDir = `${tmpRoot}/files/value-decisions-${process.pid}`;
let t: TestContext;
let staffOf: Record<'finance' | 'sales', Staff>;
let catalog: PaymentCatalog;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z', dataDir });
  staffOf = { finance: await makeStaff(t.db, 'finance', t.clock.now()), sales: await makeStaff(t.db, 'sales', t.clock.now()) };
  catalog = await paymentCatalog(t.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Body = Record<string, string | number>;
const post = <T = unknown>(url: string, who: { token: string }, form: Body) => call<T>(t.app, 'POST', url, { token: who.token, form });
const member = () => makeLoggedInMember(t.db, t.clock.now());
const listed = async <T extends { rid: string }>(url: string, who: Staff, rid: string, query: Body = {}): Promise<T> => {
  const page = await post<Page<T>>(url, who, { pageSize: 100, ...query });
  const row = page.data?.list.find((r) => r.rid === rid);
  if (!row) throw new Error(`${url}: ${rid} not listed (${page.status} ${page.msg})`);
  return row;
};
/** A change no member call makes today (the member cannot edit this application), made by hand: the row's version moves with it. */
const changedByHand = (table: string, rid: string, set: string) => async () => void (await t.db.execute(sql.raw(`update ${table} set ${set} where rid = '${rid}'`)));

interface Case {
  who: 'finance' | 'sales';
  /** sent as multipart with a small PDF (the route reads an upload) */
  upload?: boolean;
  /** the 409's message */
  refusal: string;
  /** makes the application; `seen` reads the decision's body from the staff list, `change` changes it behind the staff member's back */
  setup: () => Promise<{ seen: () => Promise<Body>; change: () => Promise<void> }>;
}

/** The limit kind whose gate holds a decision, or why it needs none (it creates and releases nothing). */
type Value = { gate: ApprovalKind } | { gate: null; reason: string };
/** How the gate proof makes the decision: as whom, and a fresh body (a new application, member…) each time. */
interface Attempt {
  who: 'finance' | 'sales';
  body: () => Promise<Body>;
}

type Entry = { kind: 'pinned'; pin: string[]; case: Case; value: Value } | { kind: 'fixed'; reason: string; value: Value; attempt?: Attempt } | { kind: 'none'; reason: string };

/** creates or releases value: its maker's limits of `kind` hold it (proved below) */
const gated = (kind: ApprovalKind): Value => ({ gate: kind });
/** a value decision that creates and releases nothing, for the reason given */
const ungated = (reason: string): Value => ({ gate: null, reason });
const pinned = (pin: string[], value: Value, c: Case): Entry => ({ kind: 'pinned', pin, case: c, value });
/** a value decision without a pin: nothing in it can change between seeing and deciding, for the reason given */
const fixed = (reason: string, value: Value, attempt?: Attempt): Entry => ({ kind: 'fixed', reason, value, ...(attempt ? { attempt } : {}) });
/** not a decision that moves money or value */
const none = (reason: string): Entry => ({ kind: 'none', reason });

/**
 * The records that hold or hand out value: a route whose audit row is about one of these is a
 * value decision, and must say which gate holds it or why it needs none — never "not one".
 */
const VALUE_ENTITIES = ['account', 'coupon', 'couponTemplate', 'credit', 'prestore', 'prestoreRules', 'pointsApplication', 'transfer', 'withdrawal', 'invoice', 'onlineRefund', 'exchangeItem', 'growthSettings'];

/** What is wrong with the registry for these routes (empty: nothing). Pure, so a planted case can prove it fails. */
function registryProblems(routes: Pick<RouteEntry, 'method' | 'url' | 'config'>[], entries: Record<string, Entry>): string[] {
  const problems: string[] = [];
  const labels = routes.map((r) => `${r.method} ${r.url}`);
  for (const [i, route] of routes.entries()) {
    const key = labels[i]!;
    const entry = entries[key];
    if (!entry) problems.push(`${key}: audited but missing from the registry`);
    else if (entry.kind === 'none' && VALUE_ENTITIES.includes(route.config.audit?.entity.name ?? '')) {
      problems.push(`${key}: changes ${route.config.audit!.entity.name} records, which hold value, but is registered as not a value decision: name its gate or why it needs none`);
    } else if (entry.kind === 'fixed' && entry.value.gate !== null && !entry.attempt) problems.push(`${key}: gated, without an attempt to prove its gate`);
  }
  for (const key of Object.keys(entries)) if (!labels.includes(key)) problems.push(`${key}: in the registry, but no such audited route`);
  return problems;
}

// ---- the cases: each makes its application through the members' calls ----

async function topUpCase(decide: Body) {
  const who = await member();
  const added = await post<{ rid: string; applyNo: string }>('/api/auth/prestoreApply/add', who, { amount: '100', payer: '复旦大学' });
  const { rid, applyNo } = added.data;
  return {
    seen: async () => ({ rid, version: (await listed<AdminPrestore>('/api/admin/funds/prestore/list', staffOf.finance, rid, { keyword: applyNo })).version, ...decide }),
    // what a member may still change once the application is submitted: the remark (the amount and payer are refused)
    change: async () => void expect((await post('/api/auth/prestoreApply/edit', who, { rid, amount: '100', remark: '改了备注' })).code).toBe(1),
  };
}

async function transferCase(decide: Body) {
  const who = await member();
  const { transfer } = await pendingTransfer(t, who, staffOf.finance);
  return {
    seen: async () => ({ rid: transfer.rid, version: (await listed<AdminTransfer>('/api/admin/funds/transfer/list', staffOf.finance, transfer.rid, { keyword: transfer.rid })).version, ...decide }),
    change: changedByHand('transfer_applications', transfer.rid, `remark = remark || '（改）'`),
  };
}

async function invoiceCase(decide: Body) {
  const who = await member();
  const application = await invoiceApplication(t, who, staffOf.finance);
  const other = await post<InvoiceTitle>('/api/auth/invoice/add', who, { kind: 'personal', title: '另一个抬头', email: 'other@example.com' });
  return {
    seen: async () => ({ rid: application.rid, version: (await listed<AdminInvoice>('/api/admin/funds/invoice/list', staffOf.finance, application.rid, { keyword: application.rid })).version, ...decide }),
    // the member puts another title on the pending application (invoiceApply/edit)
    change: async () => {
      const edited = await post('/api/auth/invoiceApply/edit', who, { rid: application.rid, type: 1, title_rid: other.data.rid, prestore_rids: application.items[0]!.ref, email: 'other@example.com' });
      expect(edited.code, edited.msg).toBe(1);
    },
  };
}

/** An issued invoice of an order paid online, then the order cancelled (refunded to WeChat): it owes a 红冲. */
async function redLetterCase(decide: Body) {
  const who = await member();
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
  const started = await post<OnlinePayStart>('/api/auth/onlinePay/start', who, { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' });
  await t.app.inject({ method: 'POST', url: `/pay/gateway/${started.data.payment.paymentNo}/paid` });
  const title = await post<InvoiceTitle>('/api/auth/invoice/add', who, { kind: 'personal', title: '红冲测试', email: 'red@example.com' });
  const { rid } = (await post<{ rid: string }>('/api/auth/invoiceApply/add', who, { type: 1, title_rid: title.data.rid, order_nos: order.orderNo })).data;
  const version = (await listed<AdminInvoice>('/api/admin/funds/invoice/list', staffOf.finance, rid, { keyword: rid })).version;
  expect((await post('/api/admin/funds/invoice/issue', staffOf.finance, { rid, version, invoice_no: '24312000000099990000', issued_on: '2026-12-01' })).code).toBe(1);
  expect((await post('/api/auth/order/cancel', who, { order_no: order.orderNo, reason: '课题调整' })).code).toBe(1);
  return {
    seen: async () => ({ rid, version: (await listed<AdminInvoice>('/api/admin/funds/invoice/list', staffOf.finance, rid, { red: 'needed' })).version, ...decide }),
    change: changedByHand('invoice_applications', rid, `remark = remark || '（改）'`),
  };
}

async function creditCase(decide: Body) {
  const { rid } = await pendingCredit(t, `授信${Date.now() % 100_000}`);
  return {
    seen: async () => ({ rid, version: (await listed<AdminCredit>('/api/admin/funds/credit/list', staffOf.finance, rid, { keyword: rid })).version, ...decide }),
    change: changedByHand('credit_applications', rid, `requested_fen = requested_fen * 10`),
  };
}

async function withdrawalCase(decide: Body) {
  const who = await member();
  const withdrawal = await pendingWithdrawal(t, who, 300_00, 'bank');
  return {
    seen: async () => ({ rid: withdrawal.rid, version: (await listed<AdminWithdrawal>('/api/admin/growth/withdraw/list', staffOf.finance, withdrawal.rid, { keyword: withdrawal.rid })).version, ...decide }),
    // update4user refuses a new account now; any other path that changes it moves the version
    change: changedByHand('rebate_withdrawals', withdrawal.rid, `bank_account = '6217000099998888777'`),
  };
}

async function pointsCase(decide: Body) {
  const who = await member();
  const applied = await post<PointsApplication>('/api/auth/integration/apply', who, { title: '二维材料的 XPS 表征', journal: 'Nature Materials' });
  const rid = applied.data.rid;
  return {
    seen: async () => ({ rid, version: (await listed<AdminPointsApplication>('/api/admin/growth/points/applications', staffOf.sales, rid, { status: 'pending' })).version, ...decide }),
    change: changedByHand('points_applications', rid, `title = title || '（修订）'`),
  };
}

async function cancelCase() {
  const who = await member();
  await fund(t, 'member', who.member.id, 300_00);
  const order = await makeOrder(t, catalog, who.member.id, { amounts: [300_00] });
  return {
    seen: async () => {
      const detail = (await post<AdminOrderDetail>('/api/admin/orders/detail', staffOf.sales, { order_no: order.orderNo })).data;
      return { order_no: order.orderNo, reason: '样品不符合要求', refund_fen: detail.payment === 'paid' ? detail.paidFen : 0 };
    },
    // the member pays the order the desk saw unpaid: cancelling it now refunds money nobody looked at
    change: async () => void expect((await post('/api/auth/order/pay', who, { order_no: order.orderNo })).code).toBe(1),
  };
}

const finance = (refusal: string, setup: Case['setup'], upload = false): Case => ({ who: 'finance', refusal, setup, ...(upload ? { upload } : {}) });
const CHANGED = DECISION_CHANGED_MESSAGE;

const CONTENT = 'the site\'s content and catalogue (banners, articles, items, pages, settings): no money or value moves';
const STAFF = 'staff accounts: no money or value moves';
const PROGRESS = 'an order\'s progress step or desk note: no money moves (what a paid order earns is booked when it was paid; a cancel\'s refund is pinned)';
const REVIEW = 'a member\'s profile, community or partner application: approving it grants no money, credit or points';
const CONFIG = 'a setting for later work (hold times, job schedules, approval limits): it decides no application and gives nothing, and each booking made under it is itself a decision';

const UNGATED_REFUSAL = ungated('a refusal: nothing is created or released, and the member is told why');

/** Every audited /api/admin route: `METHOD url` → what it is. */
const registry: Record<string, Entry> = {
  // ---- value decisions, each pinned to what the staff member saw ----
  'POST /api/admin/funds/prestore/confirm': pinned(['version'], gated('topup'), finance(CHANGED, () => topUpCase({}))),
  'POST /api/admin/funds/prestore/refuse': pinned(['version'], UNGATED_REFUSAL, finance(CHANGED, () => topUpCase({ reason: '未查到该笔转账' }))),
  'POST /api/admin/funds/transfer/approve': pinned(
    ['version'],
    ungated('moves the member\'s own prepaid money between their account and a community they own: nothing is created, the ledger debits what it credits'),
    finance(CHANGED, () => transferCase({})),
  ),
  'POST /api/admin/funds/transfer/refuse': pinned(['version'], UNGATED_REFUSAL, finance(CHANGED, () => transferCase({ reason: '请先核对团体负责人' }))),
  'POST /api/admin/funds/invoice/issue': pinned(['version'], ungated('an invoice for money already received: it creates no balance and releases none'), finance(CHANGED, () => invoiceCase({ invoice_no: '24312000000011112222', issued_on: '2026-12-01' }))),
  'POST /api/admin/funds/invoice/issueWithFile': pinned(['version'], ungated('as invoice/issue, with its file'), finance(CHANGED, () => invoiceCase({ invoice_no: '24312000000011113333', issued_on: '2026-12-01' }), true)),
  'POST /api/admin/funds/invoice/reject': pinned(['version'], UNGATED_REFUSAL, finance(CHANGED, () => invoiceCase({ reason: '抬头与付款单位不一致' }))),
  'POST /api/admin/funds/invoice/red': pinned(['version'], ungated('records the red-letter invoice for money already refunded: creates and releases nothing'), finance(CHANGED, () => redLetterCase({ red_invoice_no: '24312000000099991111', red_issued_on: '2026-12-02' }))),
  'POST /api/admin/funds/credit/approve': pinned(['version'], gated('credit'), finance(CHANGED, () => creditCase({ limit: '15000' }))),
  'POST /api/admin/funds/credit/refuse': pinned(['version'], UNGATED_REFUSAL, finance(CHANGED, () => creditCase({ reason: '请先完成老师认证' }))),
  'POST /api/admin/growth/withdraw/pay': pinned(
    ['version'],
    ungated('pays a partner the rebate balance they earned by rule (final before it could be withdrawn, debited when they asked): finance checks the account, the amount is theirs'),
    finance(CHANGED, () => withdrawalCase({})),
  ),
  'POST /api/admin/growth/withdraw/refuse': pinned(['version'], UNGATED_REFUSAL, finance(CHANGED, () => withdrawalCase({ reason: '开户名与实名不符' }))),
  'POST /api/admin/growth/points/approve': pinned(['version'], gated('points'), { who: 'sales', refusal: CHANGED, setup: () => pointsCase({ points: 200 }) }),
  'POST /api/admin/growth/points/refuse': pinned(['version'], UNGATED_REFUSAL, { who: 'sales', refusal: CHANGED, setup: () => pointsCase({ reason: '未见致谢' }) }),
  'POST /api/admin/orders/cancel': pinned(['refund_fen'], gated('refund'), { who: 'sales', refusal: ORDER_PAYMENT_CHANGED, setup: cancelCase }),

  // ---- value decisions whose every value is the staff member's own ----
  'POST /api/admin/funds/adjust': fixed(
    'the account and the signed amount are typed by the staff member in this very call; no member can change either between seeing and deciding, and the request_id books a retried click once (prestore.test.ts)',
    gated('adjustment'),
    { who: 'finance', body: async () => ({ owner_kind: 'member', owner_rid: (await member()).member.rid, amount: '10', reason: '补录', request_id: `gate-${randomId(8)}` }) },
  ),
  'POST /api/admin/funds/coupon/issue': fixed(
    'a coupon of a template to a member the staff member picked: a template\'s value, threshold, scope and validity are never edited (only stopped, and a stopped one is refused)',
    gated('coupon'),
    {
      who: 'sales',
      body: async () => {
        const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '小额券', amountFen: 1_000, validDays: 7, claimable: false }).returning();
        return { rid: template!.rid, member_rid: (await member()).member.rid };
      },
    },
  ),
  'POST /api/admin/funds/coupon/template/add': fixed('a new template as typed in this call', gated('coupon'), { who: 'sales', body: async () => ({ name: `券${randomId(6)}`, amount: '10', valid_days: '7', total_stock: '3' }) }),
  'POST /api/admin/funds/prestore/rules': fixed(
    'the tiers as typed in this call, measured against the tiers in force when it is booked (an approval of tiers changed since is refused)',
    gated('bonus'),
    { who: 'finance', body: async () => ({ rules: JSON.stringify([{ threshold: '100', rate: 100 }]) }) },
  ),
  'POST /api/admin/funds/coupon/template/disable': fixed('stops a template', ungated('stops claims and issues of a template: gives nothing away')),
  'POST /api/admin/funds/invoice/file': fixed('the file of an invoice already issued (or its replacement)', ungated('the decision on the amount and title was the issue, which is pinned: no value moves')),
  'POST /api/admin/payments/refund/query': fixed(
    'sends or asks the gateway about an online refund booked when the order was cancelled',
    ungated('that cancel is the pinned, gated decision: no money is created or released here'),
  ),

  'POST /api/admin/approvals/approve': fixed(
    'a filed request is never edited: its payload and value were pinned when the maker filed it, the approval books exactly that once (guarded status) and re-measures it, 409 when it no longer matches (approvals.test.ts)',
    ungated('it is the gate\'s second person: the checker is not the maker, works with the kind and (but for a fixed kind) has a limit that covers the value'),
  ),
  'POST /api/admin/growth/settings/update': fixed(
    'the figures as typed (admin only)',
    ungated('rates for later orders within the schema\'s caps (rebate ≤ 30%, ≤ 100 points per yuan), paid only on final orders; the invite coupon must be an existing template, whose value was gated when it was made; the rebate payout per customer type (cash, prepaid funds or a coupon worth the rebate) changes only the form of money earned by rule, published as new partner terms'),
  ),
  ...Object.fromEntries(
    ['add', 'edit', 'status'].map((verb) => [
      `POST /api/admin/growth/exchange/${verb}`,
      fixed(
        'the catalogue item as typed',
        ungated('a price in points for a gift or a coupon of an existing template: members spend points they already hold; a coupon item draws the template\'s stock, whose face × stock was gated when it was made'),
      ),
    ]),
  ),

  // ---- not decisions that move money or value ----
  'POST /api/admin/payments/reconcile/run': none('compares our online payments with the gateway\'s bill for a day and lists the differences: nothing is booked'),
  'POST /api/admin/payments/reconcile/resolve': none('a note that a reconciliation difference was looked into: nothing is booked'),
  'POST /api/admin/agreement/publish': none(CONTENT),
  'POST /api/admin/content/settings/identity': none(CONTENT),
  'POST /api/admin/content/certificate/add': none(CONTENT),
  'POST /api/admin/content/certificate/edit': none(CONTENT),
  'POST /api/admin/content/certificate/delete': none(CONTENT),
  'POST /api/admin/approvals/limits/save': none(CONFIG),
  'POST /api/admin/approvals/reject': none('refusing a filed request: nothing is booked'),
  'POST /api/admin/approvals/withdraw': none('the maker takes back a filed request: nothing is booked'),
  'POST /api/admin/reservations/release': none('releasing an unpaid hold: no money moves, the unpaid order is cancelled'),
  'POST /api/admin/reservations/settings': none(CONFIG),
  'POST /api/admin/jobs/settings/save': none(CONFIG),
  'POST /api/admin/messages/outbox/resend': none('sending a failed SMS or e-mail again: no money or value moves'),
  'POST /api/admin/messages/alerts/handle': none('marking a job\'s alert handled: nothing is booked'),
  'POST /api/admin/growth/exchange/ship': none('mailing a gift the member already paid for with points: no value moves'),
  'POST /api/admin/demand/quote': none('a price offered for a member\'s requirement: nothing is booked until the member accepts it into their plan and pays'),
  'POST /api/admin/demand/close': none('closing a requirement: no money moves'),
  'POST /api/admin/contract/confirm': none('confirming a signed contract copy: no money moves'),
  'POST /api/admin/contract/add': none('sending a contract to a member: no money moves'),
  'POST /api/admin/orders/confirm': none(PROGRESS),
  'POST /api/admin/orders/receive': none(PROGRESS),
  'POST /api/admin/orders/test': none(PROGRESS),
  'POST /api/admin/orders/deliver': none(PROGRESS),
  'POST /api/admin/orders/complete': none(PROGRESS),
  'POST /api/admin/orders/retest': none(PROGRESS),
  'POST /api/admin/orders/call': none(PROGRESS),
  'POST /api/admin/orders/notify': none(PROGRESS),
  'POST /api/admin/orders/report/upload': none(PROGRESS),
  'POST /api/admin/orders/report/delete': none(PROGRESS),
  'POST /api/admin/returns/send': none(PROGRESS),
  'POST /api/admin/sampling/collect': none(PROGRESS),
  'POST /api/admin/member/adviser': none(REVIEW),
  'POST /api/admin/member/organization': none('the member\'s organisation type: who may apply for credit; the credit itself is a pinned decision'),
  'POST /api/admin/member/status': none(REVIEW),
  'POST /api/admin/attestation/approve': none(REVIEW),
  'POST /api/admin/attestation/refuse': none(REVIEW),
  'POST /api/admin/community/approve': none(REVIEW),
  'POST /api/admin/community/refuse': none(REVIEW),
  'POST /api/admin/growth/partner/approve': none(REVIEW),
  'POST /api/admin/growth/partner/refuse': none(REVIEW),
  'POST /api/admin/growth/consultation/reply': none('answering a visitor\'s question'),
  'POST /api/admin/growth/announce': none('an in-site announcement'),
  'POST /api/admin/staff/add': none(STAFF),
  'POST /api/admin/staff/update': none(STAFF),
  'POST /api/admin/staff/password': none(STAFF),
  'POST /api/admin/staff/status': none(STAFF),
  'POST /api/admin/staff/totp/reset': none(STAFF),
  'POST /api/admin/upload/image': none(CONTENT),
  ...Object.fromEntries(
    [
      'catalog/group/add', 'catalog/group/update', 'catalog/group/delete', 'catalog/child/add', 'catalog/child/update', 'catalog/child/delete',
      'catalog/item/add', 'catalog/item/update', 'catalog/item/publish',
      'content/banner/add', 'content/banner/edit', 'content/banner/visible', 'content/banner/delete', 'content/banner/reorder',
      'content/hotArea/add', 'content/hotArea/edit', 'content/hotArea/visible', 'content/hotArea/delete', 'content/hotArea/reorder',
      'content/article/add', 'content/article/edit', 'content/article/visible', 'content/article/delete',
      'content/thanks/add', 'content/thanks/edit', 'content/thanks/visible', 'content/thanks/delete', 'content/page/save',
      'content/partner/add', 'content/partner/edit', 'content/partner/visible', 'content/partner/delete', 'content/partner/reorder',
      'content/settings/allowRegion', 'content/settings/sampling', 'content/settings/localInfo',
    ].map((path) => [`POST /api/admin/${path}`, none(CONTENT)]),
  ),
};

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const audited = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/') && route.config.audit);
const routeOf = (key: string) => t.app.routeTable.find((route) => label(route) === key)!;

/** The decision as the back office sends it: a form, or multipart with the e-invoice. */
async function send(key: string, c: Pick<Case, 'who' | 'upload'>, body: Body): Promise<CallResult> {
  const route = routeOf(key);
  const who = staffOf[c.who];
  if (c.upload) return multipart(t.app, route.url, who.token, Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])), { name: '发票.pdf', bytes: pdfBytes, type: 'application/pdf' });
  return post(route.url, who, body);
}

/** The schema the route checks its fields with (the body, or an upload's text fields). */
const fieldSchema = (route: RouteEntry) => (route.config.upload?.fields ?? route.schema.body) as z.ZodType;

/** What is written besides the filed request itself when an action is filed. */
const FILING_TABLES = ['approval_requests', 'audit_log'];

/**
 * A gate, proved (what is wrong with it; empty: nothing): at a ¥0 limit of its maker's role the
 * decision is filed for approval and writes nothing but the request and its audit row; with no
 * limit it books alone (a fixed kind, which has no limit, only the first half).
 */
async function gateProblems(key: string, kind: ApprovalKind, attempt: Attempt & { upload?: boolean }): Promise<string[]> {
  const role = attempt.who;
  const saved = await limitRow(t, role, kind);
  const problems: string[] = [];
  try {
    await setLimit(t, role, kind, 0);
    const body = await attempt.body();
    const digest = await databaseDigest(t);
    const filed = await send(key, attempt, body);
    if (filed.code !== 1 || !isApprovalFiled(filed.data)) problems.push(`${key}: at a ¥0 ${kind} limit it answered ${filed.status} ${filed.msg} without filing for approval`);
    const written = changedTables(digest, await databaseDigest(t)).filter((name) => !FILING_TABLES.includes(name));
    if (written.length) problems.push(`${key}: at a ¥0 ${kind} limit it wrote ${written.join(', ')}`);
    if (!isFixedKind(kind)) {
      await setLimit(t, role, kind, null);
      const alone = await send(key, attempt, await attempt.body());
      if (alone.code !== 1 || isApprovalFiled(alone.data)) problems.push(`${key}: with no limit it did not book alone (${alone.status} ${alone.msg})`);
    }
  } finally {
    await setLimit(t, role, kind, saved.limit, saved.periods);
  }
  return problems;
}

/** How the gate proof makes a registered decision: a pinned one through its case (changed first, so a cancel finds its order paid). */
function attemptOf(entry: Entry): (Attempt & { upload?: boolean }) | undefined {
  if (entry.kind === 'fixed') return entry.attempt;
  if (entry.kind !== 'pinned') return undefined;
  const c = entry.case;
  return {
    who: c.who,
    ...(c.upload ? { upload: true } : {}),
    body: async () => {
      const { seen, change } = await c.setup();
      await change();
      return seen();
    },
  };
}

describe('every audited /api/admin route', () => {
  it('is classified: a value decision with its pin and its gate (or why none), or not one (with the reason)', () => {
    const routes = audited();
    expect(routes.length).toBeGreaterThan(80);
    expect(registryProblems(routes, registry)).toEqual([]);
  });
});

const gatedEntries = Object.entries(registry).flatMap(([key, entry]) => (entry.kind !== 'none' && entry.value.gate !== null ? [[key, entry.value.gate, entry] as const] : []));

describe.each(gatedEntries)('%s', (key, kind, entry) => {
  it(`creates value only past the ${kind} gate: filed at a ¥0 limit with nothing else written, booked alone within the limits`, async () => {
    const attempt = attemptOf(entry);
    expect(attempt, `${key}: no attempt`).toBeDefined();
    expect(await gateProblems(key, kind, attempt!)).toEqual([]);
  });
});

describe('the registry\'s checks fail when they should (planted cases)', () => {
  it('a route that changes value-holding records, registered as not a value decision (or not at all), is reported', () => {
    const adjust = routeOf('POST /api/admin/funds/adjust');
    expect(registryProblems([adjust], { 'POST /api/admin/funds/adjust': none('planted: "moves nothing"') })).toEqual([expect.stringMatching(/changes account records, which hold value/)]);
    expect(registryProblems([adjust], {})).toEqual(['POST /api/admin/funds/adjust: audited but missing from the registry']);
    expect(registryProblems([], { 'POST /api/admin/funds/adjust': registry['POST /api/admin/funds/adjust']! })).toEqual(['POST /api/admin/funds/adjust: in the registry, but no such audited route']);
  });

  it('a route declared gated that books value alone at a ¥0 limit is reported (transfer approval, which has no gate)', async () => {
    const problems = await gateProblems('POST /api/admin/funds/transfer/approve', 'adjustment', { who: 'finance', body: async () => (await transferCase({})).seen() });
    expect(problems).toEqual([expect.stringMatching(/without filing for approval/), expect.stringMatching(/it wrote .*ledger_entries/)]);
  });
});

const pinnedEntries = Object.entries(registry).filter((entry): entry is [string, Extract<Entry, { kind: 'pinned' }>] => entry[1].kind === 'pinned');

describe.each(pinnedEntries)('%s', (key, entry) => {
  it(`requires ${entry.pin.join(', ')} and refuses a stale one with 409, changing nothing`, async () => {
    const c = entry.case;
    const { seen, change } = await c.setup();
    const body = await seen();

    // 1. the schema requires every pin field, and a call without it writes nothing
    for (const field of entry.pin) {
      const { [field]: _dropped, ...without } = body;
      void _dropped;
      const parsed = fieldSchema(routeOf(key)).safeParse(without);
      expect(parsed.success, `${key} accepts a body without ${field}`).toBe(false);
      expect(parsed.error!.issues[0]!.path, `${key}: the first problem of a body without ${field}`).toEqual([field]);
      const digest = await databaseDigest(t);
      const refused = await send(key, c, without);
      expect(refused, `${key} without ${field}`).toMatchObject({ status: 400, code: 0 });
      expect(refused.msg).toMatch(/请刷新页面后重新操作/);
      expect(changedTables(digest, await databaseDigest(t))).toEqual([]);
    }

    // 2. the application changes after the staff member saw it: their decision is refused, and nothing changes
    await change();
    const digest = await databaseDigest(t);
    const files = storedFiles(dataDir);
    const stale = await send(key, c, body);
    expect(stale, `${key} on what the staff member saw before the change`).toMatchObject({ status: 409, code: 0, msg: c.refusal });
    expect(changedTables(digest, await databaseDigest(t)), `${key}: tables changed by a refused decision`).toEqual([]);
    expect(storedFiles(dataDir)).toEqual(files);

    // 3. read again, the same decision goes through
    const fresh = await send(key, c, await seen());
    expect(fresh, `${key} on what the list shows now`).toMatchObject({ code: 1 });
  });
});
