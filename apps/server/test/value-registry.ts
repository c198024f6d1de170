import { DECISION_CHANGED_MESSAGE, ORDER_PAYMENT_CHANGED, type ApprovalKind } from '@lab/contract';
import type { RouteEntry } from '../src/app';
import { randomId } from '../src/platform/crypto';
import { couponTemplates } from '../src/areas/funds/funds.tables';
import { bankLineCase, cancelCase, creditCase, invoiceCase, pointsCase, redLetterCase, topUpCase, transferCase, withdrawalCase } from './value-cases';
import { member, post, w, type Body } from './value-world';

/**
 * The registry of every audited /api/admin route (value-decisions.test.ts): a value decision —
 * with its pin fields and a case, or why it needs none; and with the limit kind whose gate holds
 * it, or why it creates and releases nothing — or not one, with the reason.
 */

export interface Case {
  who: 'finance' | 'sales';
  /** sent as multipart with a small PDF (the route reads an upload) */
  upload?: boolean;
  /** the 409's message */
  refusal: string;
  /** makes the application; `seen` reads the decision's body from the staff list, `change` changes it behind the staff member's back */
  setup: () => Promise<{ seen: () => Promise<Body>; change: () => Promise<void> }>;
}

/** The limit kind whose gate holds a decision, or why it needs none (it creates and releases nothing). */
export type Value = { gate: ApprovalKind } | { gate: null; reason: string };
/** How the gate proof makes the decision: as whom, and a fresh body (a new application, member…) each time. */
export interface Attempt {
  who: 'finance' | 'sales';
  body: () => Promise<Body>;
}

export type Entry = { kind: 'pinned'; pin: string[]; case: Case; value: Value } | { kind: 'fixed'; reason: string; value: Value; attempt?: Attempt } | { kind: 'none'; reason: string };

/** creates or releases value: its maker's limits of `kind` hold it (proved below) */
const gated = (kind: ApprovalKind): Value => ({ gate: kind });
/** a value decision that creates and releases nothing, for the reason given */
const ungated = (reason: string): Value => ({ gate: null, reason });
const pinned = (pin: string[], value: Value, c: Case): Entry => ({ kind: 'pinned', pin, case: c, value });
/** a value decision without a pin: nothing in it can change between seeing and deciding, for the reason given */
const fixed = (reason: string, value: Value, attempt?: Attempt): Entry => ({ kind: 'fixed', reason, value, ...(attempt ? { attempt } : {}) });
/** not a decision that moves money or value */
export const none = (reason: string): Entry => ({ kind: 'none', reason });

/**
 * The records that hold or hand out value: a route whose audit row is about one of these is a
 * value decision, and must say which gate holds it or why it needs none — never "not one".
 */
export const VALUE_ENTITIES = ['account', 'coupon', 'couponTemplate', 'credit', 'prestore', 'prestoreRules', 'pointsApplication', 'transfer', 'withdrawal', 'invoice', 'onlineRefund', 'exchangeItem', 'growthSettings'];

/** What is wrong with the registry for these routes (empty: nothing). Pure, so a planted case can prove it fails. */
export function registryProblems(routes: Pick<RouteEntry, 'method' | 'url' | 'config'>[], entries: Record<string, Entry>): string[] {
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


const finance = (refusal: string, setup: Case['setup'], upload = false): Case => ({ who: 'finance', refusal, setup, ...(upload ? { upload } : {}) });
const CHANGED = DECISION_CHANGED_MESSAGE;

const CONTENT = 'the site\'s content and catalogue (banners, articles, items, pages, settings): no money or value moves';
const STAFF = 'staff accounts: no money or value moves';
const PROGRESS = 'an order\'s progress step or desk note: no money moves (what a paid order earns is booked when it was paid; a cancel\'s refund is pinned)';
const REVIEW = 'a member\'s profile, community or partner application: approving it grants no money, credit or points';
const CONFIG = 'a setting for later work (hold times, job schedules, approval limits): it decides no application and gives nothing, and each booking made under it is itself a decision';

const UNGATED_REFUSAL = ungated('a refusal: nothing is created or released, and the member is told why');

/** Every audited /api/admin route: `METHOD url` → what it is. */
export const registry: Record<string, Entry> = {
  // ---- value decisions, each pinned to what the staff member saw ----
  'POST /api/admin/funds/prestore/confirm': pinned(['version'], gated('topup'), finance(CHANGED, () => topUpCase({}))),
  'POST /api/admin/funds/bank/confirm': pinned(['version'], gated('topup'), finance(CHANGED, () => bankLineCase({}))),
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
        const [template] = await w.t.db.insert(couponTemplates).values({ rid: randomId(), name: '小额券', amountFen: 1_000, validDays: 7, claimable: false }).returning();
        return { rid: template!.rid, member_rid: (await member()).member.rid };
      },
    },
  ),
  'POST /api/admin/demand/quote': fixed(
    'the requirement and its lines are picked in this very call and priced by the catalogue when booked; approving a quote whose price changed since is refused (quote-approval.test.ts)',
    gated('quote'),
    {
      who: 'sales',
      body: async () => {
        const asker = await member();
        const added = await post<{ rid: string }>('/api/auth/demand/add', asker, { title: '物相分析', content: '粉末样品', samples: '3 个', contact: '张老师', phone: '13800138000' });
        return { rid: added.data!.rid, lines: JSON.stringify([{ rid: w.catalog.a.rid, count: 2, options: {} }]) };
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
  'POST /api/admin/funds/bank/upload': none('reads the bank\'s statement into lines to match: nothing is booked until a line is confirmed (funds/bank/confirm)'),
  'POST /api/admin/vault/upload/start': none('registers a raw data file the lab is about to upload: no money, no value'),
  'POST /api/admin/vault/upload/complete': none('finishes a raw data upload with its hash: no money, no value'),
  'POST /api/admin/payments/reconcile/run': none('compares our online payments with the gateway\'s bill for a day and lists the differences: nothing is booked'),
  'POST /api/admin/payments/reconcile/resolve': none('a note that a reconciliation difference was looked into: nothing is booked'),
  'POST /api/admin/agreement/publish': none(CONTENT),
  'POST /api/admin/agreement/draft/save': none(CONTENT),
  'POST /api/admin/content/settings/identity': none(CONTENT),
  'POST /api/admin/content/certificate/add': none(CONTENT),
  'POST /api/admin/content/certificate/edit': none(CONTENT),
  'POST /api/admin/content/certificate/delete': none(CONTENT),
  'POST /api/admin/packTemplate/save': none('which papers a reimbursement pack asks for and from which total: texts and thresholds the lab edits; nothing is booked'),
  'POST /api/admin/approvals/limits/save': none(CONFIG),
  'POST /api/admin/approvals/reject': none('refusing a filed request: nothing is booked'),
  'POST /api/admin/approvals/withdraw': none('the maker takes back a filed request: nothing is booked'),
  'POST /api/admin/reservations/release': none('releasing an unpaid hold: no money moves, the unpaid order is cancelled'),
  'POST /api/admin/reservations/settings': none(CONFIG),
  'POST /api/admin/reservations/use': none('marking a firm booking used: it was paid (or is settled after the test) already; no money or value moves'),
  'POST /api/admin/reservations/lift': none('lifting a no-show block: the member may book again and pays for each booking; no money or value moves'),
  'POST /api/admin/jobs/settings/save': none(CONFIG),
  'POST /api/admin/messages/outbox/resend': none('sending a failed SMS or e-mail again: no money or value moves'),
  'POST /api/admin/messages/wechatTemplates/save': none('which official-account template carries a kind of notice: no money or value moves'),
  'POST /api/admin/messages/alerts/handle': none('marking a job\'s alert handled: nothing is booked'),
  'POST /api/admin/growth/exchange/ship': none('mailing a gift the member already paid for with points: no value moves'),
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
  'POST /api/admin/teacher/approve': none('the member becomes 老师: may create 科研团体 and apply for credit; no price or benefit follows, the credit itself is a pinned decision'),
  'POST /api/admin/teacher/refuse': none(REVIEW),
  'POST /api/admin/community/approve': none(REVIEW),
  'POST /api/admin/community/refuse': none(REVIEW),
  'POST /api/admin/growth/partner/approve': none(REVIEW),
  'POST /api/admin/growth/partner/refuse': none(REVIEW),
  'POST /api/admin/growth/consultation/reply': none('answering a customer\'s question (one more message of the thread)'),
  'POST /api/admin/growth/consultation/close': none('closing a consultation thread: no money or value moves'),
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
  // ---- sealed documents and search words (issues 32, 36) ----
  'POST /api/admin/document/revoke': none('withdraws a sealed document (its /verify page says 已撤销; a revoked quote can no longer be ordered at its prices): no money or value moves'),
  'POST /api/admin/catalog/synonym/add': none(CONTENT),
  'POST /api/admin/catalog/synonym/update': none(CONTENT),
  'POST /api/admin/catalog/synonym/delete': none(CONTENT),
  'POST /api/admin/catalog/search-miss/delete': none(CONTENT),
  // ---- per-sample states and the instrument queues (issue 33) ----
  'POST /api/admin/samples/move': none(PROGRESS),
  'POST /api/admin/queue/reorder': none('moves a sample one place in its instrument\'s queue, with the reason audited: the estimate changes, no money or value moves'),
  'POST /api/admin/queue/capacity': none(CONFIG),
  'POST /api/admin/queue/closeDay': none(CONFIG),
  'POST /api/admin/queue/openDay': none(CONFIG),
  // ---- the agreement signed online, methods and acknowledgement (issue 32) ----
  'POST /api/admin/content/settings/agreementRule': none('sets the order amount from which testing waits for a signed agreement: a rule of the desk, no money or value moves'),
  'POST /api/admin/catalog/item/methods/save': none(CONTENT),
  'POST /api/admin/orders/conditions/confirm': none('the lab confirms the test conditions actually used, for the methods text: no money or value moves'),
};
