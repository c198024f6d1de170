import { and, count, eq, inArray } from 'drizzle-orm';
import { BALANCE_TOO_LOW_MESSAGE, type AdminPrestore, type OrderSummary, type Page, type PrestoreApplication } from '@lab/contract';
import type { Db } from '../src/db/client';
import { accounts, auditLog, ledgerEntries, memberCoupons, orders, prestoreApplications } from '../src/db/schema';
import { accountKey } from '../src/areas/funds/funds.audit';
import { randomId } from '../src/platform/crypto';
import { ADJUSTMENT_DONE } from '../src/areas/funds/assets.service';
import { ALREADY_PAID } from '../src/areas/payments/payment.service';
import { fund, giveCoupon, makeOrder, paymentCatalog, type DataContext } from '../src/areas/payments/payment.test-helpers';
import { makeLoggedInMember, makeStaff } from './factories';
import { ledgerProblems, prestoreBalance } from './ledger-invariants';
import { apiCall, type Reply, type ServerProcess } from './server-process';

/**
 * The restart-safety burst (docs/security.md "Restart safety"): members pay orders from their
 * funds (one with a coupon), apply for top-ups that finance confirms, and finance adjusts
 * balances — all at once — while the server is killed with SIGKILL part-way. Each operation
 * is a client that knows only what it was answered; one whose answer never came retries it
 * on the restarted server, as a browser or a finance clerk would. Afterwards every answer the
 * clients got must be true of the database, and the database must be whole: nothing half
 * done, lost or doubled.
 */

const PRICE = 300_00;
const TOP_UP = 300_00;
/**
 * One finance member makes every adjustment and confirmation of the burst: 16 members × ¥300
 * stay within finance's ¥5,000 a day of adjustments booked alone (approval_limits,
 * docs/decisions/0010-value-one-person-cannot-create.md); a bigger burst would have some filed for approval instead.
 */
const ADJUST = 300_00;
const COUPON_OFF = 50_00;
const CONFIRMED_ALREADY = '该预存申请已到账，不能确认到账';

interface Person {
  id: number;
  rid: string;
  token: string;
  ip: string;
  fundedFen: number;
}

type Op =
  | { kind: 'pay'; person: Person; orderNo: string; couponRid?: string }
  | { kind: 'topup'; person: Person; rid?: string; applyNo?: string; version?: number }
  | { kind: 'adjust'; person: Person; requestId: string };

export interface OpState {
  op: Op;
  /** todo: never sent; cut: sent, no answer (the kill); done / refused: answered for good */
  status: 'todo' | 'cut' | 'done' | 'refused';
  /** a retry was answered "already done": the cut request had committed before the kill */
  doneBeforeKill?: boolean;
  /** answers no client should ever get (a 500, a 503, an unknown refusal) */
  unexpected: string[];
}

export interface BurstPlan {
  finance: { token: string };
  people: Person[];
  states: OpState[];
}

/**
 * Members with funds for `fundedOrders` of their `ordersEach` orders (one of them with a
 * coupon), one top-up and one adjustment each, shuffled.
 */
export async function planBurst(t: DataContext, options: { members: number; ordersEach: number; fundedOrders: number }): Promise<BurstPlan> {
  const catalog = await paymentCatalog(t.db);
  const finance = await makeStaff(t.db, 'finance');
  const people: Person[] = [];
  const ops: Op[] = [];
  for (let i = 0; i < options.members; i += 1) {
    const who = await makeLoggedInMember(t.db);
    const person: Person = { id: who.member.id, rid: who.member.rid, token: who.token, ip: `10.77.${i}.1`, fundedFen: options.fundedOrders * PRICE };
    await fund(t, 'member', person.id, person.fundedFen);
    people.push(person);
    // the first order is paid with a coupon: spent with its payment or not at all
    const coupon = await giveCoupon(t, person.id, { amountFen: COUPON_OFF });
    for (let n = 0; n < options.ordersEach; n += 1) {
      const order = await makeOrder(t, catalog, person.id, { amounts: [PRICE] });
      ops.push({ kind: 'pay', person, orderNo: order.orderNo, ...(n === 0 ? { couponRid: coupon.rid } : {}) });
    }
    ops.push({ kind: 'topup', person }, { kind: 'adjust', person, requestId: randomId() });
  }
  for (let i = ops.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  return { finance, people, states: ops.map((op) => ({ op, status: 'todo', unexpected: [] })) };
}

/** One request of an operation; undefined when the connection was cut (or refused) before an answer. */
async function send<T>(server: ServerProcess, url: string, token: string, ip: string, form: Record<string, string>): Promise<Reply<T> | undefined> {
  try {
    return await apiCall<T>(server, url, { token, ip, form });
  } catch {
    return undefined;
  }
}

/**
 * Runs (or, after a cut, retries) one operation to its end on `server`. A retry may be told
 * the thing is already done — that is the answer the first request would have had.
 */
async function runOp(server: ServerProcess, plan: BurstPlan, state: OpState): Promise<void> {
  const retry = state.status === 'cut';
  const { op } = state;
  const settle = (reply: Reply | undefined, doneAgain: string, refusal?: string) => {
    if (!reply) return void (state.status = 'cut');
    if (reply.code === 1) return void (state.status = 'done');
    if (retry && reply.status === 409 && reply.msg === doneAgain) return void ((state.status = 'done'), (state.doneBeforeKill = true));
    if (refusal && reply.status === 409 && reply.msg === refusal) return void (state.status = 'refused');
    state.unexpected.push(`${server.name} ${op.kind}: ${reply.status} ${reply.msg}`);
    state.status = 'refused';
  };
  if (op.kind === 'pay') {
    const reply = await send<OrderSummary>(server, '/api/auth/order/pay', op.person.token, op.person.ip, { order_no: op.orderNo, ...(op.couponRid ? { coupon_rid: op.couponRid } : {}) });
    return settle(reply, ALREADY_PAID, BALANCE_TOO_LOW_MESSAGE);
  }
  if (op.kind === 'adjust') {
    const reply = await send(server, '/api/admin/funds/adjust', plan.finance.token, '10.78.0.1', {
      owner_kind: 'member',
      owner_rid: op.person.rid,
      amount: String(ADJUST / 100),
      reason: '重启测试调账',
      request_id: op.requestId,
    });
    return settle(reply, ADJUSTMENT_DONE);
  }
  if (!op.rid) {
    // cut here, the client never learnt the application's number: a retry applies again (the first stays pending, no money)
    const added = await send<PrestoreApplication>(server, '/api/auth/prestoreApply/add', op.person.token, op.person.ip, { amount: String(TOP_UP / 100) });
    if (!added) return void (state.status = 'cut');
    if (added.code !== 1) return void (state.unexpected.push(`${server.name} prestoreApply/add: ${added.status} ${added.msg}`), (state.status = 'refused'));
    op.rid = added.data.rid;
    op.applyNo = added.data.applyNo;
  }
  if (op.version === undefined) {
    // finance finds the application in its queue and confirms the version it saw
    const queue = await send<Page<AdminPrestore>>(server, '/api/admin/funds/prestore/list', plan.finance.token, '10.78.0.1', { keyword: op.applyNo! });
    if (!queue) return void (state.status = 'cut');
    const shown = queue.data?.list.find((a) => a.rid === op.rid);
    if (!shown) return void (state.unexpected.push(`${server.name} prestore/list: ${queue.status} ${queue.msg}, ${op.applyNo} not listed`), (state.status = 'refused'));
    op.version = shown.version;
  }
  const confirmed = await send<PrestoreApplication>(server, '/api/admin/funds/prestore/confirm', plan.finance.token, '10.78.0.1', { rid: op.rid, version: String(op.version) });
  return settle(confirmed, CONFIRMED_ALREADY);
}

export interface BurstFigures {
  /** operations (a top-up is two requests) */
  ops: number;
  /** answered before the kill */
  answeredBeforeKill: number;
  /** requests without an answer when the server died */
  cut: number;
  /** of those, found done by their retry (committed, the answer lost) */
  cutButDone: number;
  /** not yet sent when the server died, sent to the restarted one */
  sentAfterRestart: number;
  burstMs: number;
}

/**
 * Fires every operation, `concurrency` at a time, and SIGKILLs the server once
 * `killAfter` operations have been answered (the others are in flight at that moment).
 * Operations not yet started stay todo.
 */
export async function burstUntilKilled(server: ServerProcess, plan: BurstPlan, options: { concurrency: number; killAfter: number }) {
  const started = Date.now();
  let next = 0;
  let answered = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (!killing && next < plan.states.length) {
      const state = plan.states[next++]!;
      await runOp(server, plan, state);
      // no answer before the kill: the server died by itself (its output says why)
      if (state.status === 'cut' && !killing) throw new Error(`the server died before the kill:\n${server.output()}`);
      if (state.status === 'cut') continue;
      answered += 1;
      if (answered >= options.killAfter && !killing) killing = server.kill9();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await (killing ?? server.kill9());
  return { answeredBeforeKill: answered, burstMs: Date.now() - started };
}

/** After the restart: the clients retry what was cut and send what they had not sent yet. */
export async function finishOnRestarted(server: ServerProcess, plan: BurstPlan, concurrency: number) {
  const cut = plan.states.filter((s) => s.status === 'cut');
  const todo = plan.states.filter((s) => s.status === 'todo');
  const queue = [...cut, ...todo];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await runOp(server, plan, queue[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { cut: cut.length, cutButDone: cut.filter((s) => s.doneBeforeKill).length, sentAfterRestart: todo.length };
}

/**
 * Every decision finance made has its audit row, written in the decision's own transaction
 * (docs/security.md "The audit row and its change commit together"): one confirmation row per
 * confirmed top-up and none for another application; per member as many adjustment rows as
 * adjustment entries. Holds on the database as the kill left it, and after the retries (a retry
 * told "already done" writes no row).
 */
export async function auditProblems(db: Db, plan: BurstPlan): Promise<string[]> {
  const problems: string[] = [];
  const confirmed = new Set((await db.select({ rid: prestoreApplications.rid }).from(prestoreApplications).where(eq(prestoreApplications.status, 'confirmed'))).map((r) => r.rid));
  const rows = await db.select({ key: auditLog.targetKey, n: count() }).from(auditLog).where(eq(auditLog.action, 'funds.prestore.confirm')).groupBy(auditLog.targetKey);
  const rowsOf = new Map(rows.map((r) => [r.key, r.n]));
  for (const rid of confirmed) if (rowsOf.get(rid) !== 1) problems.push(`top-up ${rid} is confirmed with ${rowsOf.get(rid) ?? 0} audit rows`);
  for (const row of rows) if (!confirmed.has(row.key ?? '')) problems.push(`top-up ${row.key} has ${row.n} confirmation audit rows but is not confirmed`);
  for (const person of plan.people) {
    // the burst's own adjustments (the funding before it is booked directly, without a staff call)
    const references = plan.states.flatMap((s) => (s.op.kind === 'adjust' && s.op.person === person ? [`adjust:${s.op.requestId}`] : []));
    const [entries] = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, person.id), eq(ledgerEntries.type, 'adjustment'), inArray(ledgerEntries.reference, references)));
    const [audited] = await db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'funds.account.adjust'), eq(auditLog.targetKey, accountKey('member', person.rid))));
    if (entries?.n !== audited?.n) problems.push(`member ${person.id}: ${entries?.n} adjustments, ${audited?.n} adjustment audit rows`);
  }
  return problems;
}

/**
 * Every answer a client got is true of the database, and the database is whole. Returns the
 * problems as sentences ([] when all is well).
 */
export async function burstProblems(db: Db, plan: BurstPlan): Promise<string[]> {
  const problems = [...(await ledgerProblems(db)), ...(await auditProblems(db, plan))];
  for (const state of plan.states) {
    problems.push(...state.unexpected);
    if (state.status === 'todo' || state.status === 'cut') problems.push(`${state.op.kind} of member ${state.op.person.id} never got an answer`);
  }
  const byKind = <K extends Op['kind']>(kind: K) => plan.states.filter((s): s is OpState & { op: Extract<Op, { kind: K }> } => s.op.kind === kind);

  const pays = byKind('pay');
  const orderRows = await db.select().from(orders).where(inArray(orders.orderNo, pays.map((s) => s.op.orderNo)));
  const payment = new Map(orderRows.map((o) => [o.orderNo, o]));
  for (const s of pays) {
    const row = payment.get(s.op.orderNo);
    const want = s.status === 'done' ? 'paid' : 'unpaid';
    if (row?.payment !== want) problems.push(`order ${s.op.orderNo} answered ${s.status} but is ${row?.payment}`);
    if (s.op.couponRid) {
      const [coupon] = await db.select().from(memberCoupons).where(eq(memberCoupons.rid, s.op.couponRid));
      const spent = coupon?.status === 'used' && coupon.usedReference === `order:${s.op.orderNo}`;
      if (spent !== (s.status === 'done')) problems.push(`order ${s.op.orderNo} answered ${s.status}, its coupon is ${coupon?.status} for ${coupon?.usedReference}`);
    }
  }

  for (const s of byKind('topup')) {
    if (s.status !== 'done') continue;
    const [row] = await db.select().from(prestoreApplications).where(eq(prestoreApplications.rid, s.op.rid!));
    if (row?.status !== 'confirmed') problems.push(`top-up ${s.op.rid} answered confirmed but is ${row?.status}`);
  }

  for (const s of byKind('adjust')) {
    const entries = await db.select().from(ledgerEntries).where(and(eq(ledgerEntries.type, 'adjustment'), eq(ledgerEntries.reference, `adjust:${s.op.requestId}`)));
    const want = s.status === 'done' ? 1 : 0;
    if (entries.length !== want || entries.some((e) => e.amountFen !== ADJUST)) problems.push(`adjustment ${s.op.requestId} answered ${s.status} and has ${entries.length} entries`);
  }

  // the clients' own book: what they were told moved is exactly what the balances show
  for (const person of plan.people) {
    const mine = plan.states.filter((s) => s.op.person === person && s.status === 'done');
    const expected =
      person.fundedFen +
      mine.filter((s) => s.op.kind === 'topup').length * TOP_UP +
      mine.filter((s) => s.op.kind === 'adjust').length * ADJUST -
      mine.reduce((sum, s) => sum + (s.op.kind === 'pay' ? (s.op.couponRid ? PRICE - COUPON_OFF : PRICE) : 0), 0);
    const actual = await prestoreBalance(db, person.id);
    if (actual !== expected) problems.push(`member ${person.id}: the answers add up to ${expected}, the balance is ${actual}`);
  }
  return problems;
}

export function summary(plan: BurstPlan, figures: Omit<BurstFigures, 'ops'>): string {
  const count = (status: OpState['status'], kind?: Op['kind']) => plan.states.filter((s) => s.status === status && (!kind || s.op.kind === kind)).length;
  return (
    `${plan.states.length} operations in ${figures.burstMs} ms, SIGKILL after ${figures.answeredBeforeKill} answers: ` +
    `${figures.cut} cut in flight (${figures.cutButDone} had committed), ${figures.sentAfterRestart} sent after the restart; ` +
    `paid ${count('done', 'pay')}, refused for funds ${count('refused', 'pay')}, top-ups ${count('done', 'topup')}, adjustments ${count('done', 'adjust')}`
  );
}
