import { toSnakeCase } from 'drizzle-orm/casing';
import { and, eq, getTableColumns, getTableName, gte, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDays, formatFen, labMinute, PAY_VENDOR_NAMES, statedWorkingDays, weekdayOf, type ChosenOption, type OrderSample, type PricedOption, type SampleState } from '@lab/contract';
import { queryRows, type Db, type Tx } from '../db/client';
import { members, staff } from '../areas/accounts/accounts.tables';
import { serviceItems } from '../areas/catalog/catalog.tables';
import { seedItems } from '../areas/catalog/seed-items';
import { accounts, ledgerEntries } from '../areas/funds/ledger.tables';
import { prestoreApplications } from '../areas/funds/prestore.tables';
import { invoiceApplicationItems, invoiceApplications, invoiceTitles, type TitleSnapshot } from '../areas/funds/invoices.tables';
import { onlinePaymentOrders, onlinePayments, onlineRefunds } from '../areas/payments/payments.tables';
import { orderEvents, orderLines, orders, reservations } from '../areas/orders/orders.tables';
import { reservationSlots } from '../areas/orders/reservations/reservations.tables';
import { orderSamples, sampleEvents } from '../areas/orders/desk/samples.tables';
import { orderPromiseMisses } from '../areas/orders/desk/desk.tables';
import { instrumentQueues } from '../areas/orders/desk/queue.tables';
import { localGatewayPayments, localGatewayRefunds } from '../platform/providers/local-gateway.tables';
import { LOCAL_IDS } from '../platform/providers/payment-local';
import { writeHistoryConsentsAndPoints } from './history-members.seed';
import { cancelReasons, companyCities, companyTrades, companyWords, evaluationTexts, givenChars, orderNotes, sampleForms, sampleNames, surnames, universities } from './history-names';

/**
 * The demo's history (docs/decisions/0049-demo-history.md): two years of a lab in business,
 * ending at the seed time — a few hundred customers (students, teachers and their 课题组,
 * companies, individuals) and a few thousand orders across the catalogue in every state, with
 * their samples and the samples' moves, instrument bookings, payments by every channel (prepaid
 * funds topped up by 对公转账, WeChat Pay, Alipay, 测试后结算), refunds, invoices and the odd
 * missed service promise. Deterministic: a seeded generator draws everything relative to `now`,
 * so the same seed time gives the same rows (numbers and rids included).
 *
 * It is planned in memory first (`planHistory`, pure) and then written directly with multi-row
 * inserts in one transaction (seed/ may write any area's tables: docs/architecture.md), as the
 * services would have left them: the ledger's balances are the sums of their entries, each paid
 * online payment is in the local gateway's books (so reconciliation finds nothing), every
 * timeline event is in working hours (Asia/Shanghai, Monday–Saturday 9:00–18:00).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHANGHAI = 8 * HOUR;
// Shanghai keeps UTC+8 all year: the lab's day and clock by arithmetic (the generator calls them
// hundreds of thousands of times; the contract's labDay/labInstant go through Intl)
const labDay = (at: Date) => new Date(at.getTime() + SHANGHAI).toISOString().slice(0, 10);
const labInstant = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - SHANGHAI);

export interface HistoryOptions {
  /** how many orders (default 3,200) */
  orders?: number;
  /** how many days back from `now` (default 730) */
  days?: number;
  /** the generator's seed (default 2016: the lab's founding year) */
  seed?: number;
}

export interface HistoryItem {
  id: number;
  name: string;
  img: string;
  typeId: number;
  groupId: number;
  unit: string;
  priceFen: number;
  options: PricedOption[];
  turnaround: string;
  reservable: boolean;
}

interface Staff {
  sales: { id: number; name: string };
  lab: { id: number; name: string };
  finance: { id: number; name: string };
}

type Channel = 'prestore' | 'wechat' | 'alipay';
type Actor = { kind: 'member' | 'staff' | 'system'; id: number | null; name: string };

/** mulberry32: small, fast, and the same numbers on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const weighted = <T>(list: readonly T[], weight: (t: T) => number): (() => T) => {
    const cumulative: number[] = [];
    let total = 0;
    for (const entry of list) cumulative.push((total += weight(entry)));
    return () => {
      const x = next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! > x) hi = mid;
        else lo = mid + 1;
      }
      return list[lo]!;
    };
  };
  const alphabet = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const rid = () => Array.from({ length: 16 }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join('');
  return { next, int, pick, chance, weighted, rid, digits };
}

/** The working-day instant at or after `ms` in Shanghai: Monday–Saturday, 9:00–18:00 (a time outside moves to the next opening plus `spill`). */
export function workingAt(ms: number, spillMinutes = 0): number {
  let at = ms;
  for (let i = 0; i < 10; i += 1) {
    const local = new Date(at + SHANGHAI);
    const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
    const day = local.toISOString().slice(0, 10);
    const opens = labInstant(day, '09:00').getTime();
    if (weekdayOf(day) === 0) at = labInstant(addDays(day, 1), '09:00').getTime() + spillMinutes * MINUTE;
    else if (hour < 9) at = opens + spillMinutes * MINUTE;
    else if (hour >= 18) at = labInstant(addDays(day, 1), '09:00').getTime() + spillMinutes * MINUTE;
    else return at;
  }
  return at;
}

/** n working days (Monday–Saturday) after the instant, at a working hour. */
function afterWorkingDays(ms: number, n: number, minuteOfDay: number): number {
  let day = labDay(new Date(ms));
  for (let counted = 0; counted < n; ) {
    day = addDays(day, 1);
    if (weekdayOf(day) !== 0) counted += 1;
  }
  return labInstant(day, '09:00').getTime() + minuteOfDay * MINUTE;
}

/** '3–5 个工作日' → [3, 5] (the contract's reading of a 测试周期); anything else → the queue's defaults. */
export function turnaroundDays(text: string): [number, number] {
  const stated = statedWorkingDays(text);
  return stated ? [stated.min, stated.max] : [3, 5];
}

// ---- the plan: plain rows, ids replaced by keys resolved at write time ----

export interface PlannedMember {
  phone: string;
  rid: string;
  name: string;
  nickname: string;
  email: string;
  organization: number;
  company: string;
  inviteCode: string;
  createdAt: Date;
  lastLoginAt: Date;
  channel: Channel;
  institution: string;
  invoices: boolean;
}

interface PlannedLine {
  rid: string;
  item: HistoryItem;
  count: number;
  options: ChosenOption[];
  unitPriceFen: number;
  amountFen: number;
  note: string;
  samples: (OrderSample & { code: string })[];
}

interface PlannedSample {
  code: string;
  lineRid: string;
  itemId: number;
  state: SampleState;
  stateAt: Date | null;
  queuePos: number | null;
  createdAt: Date;
  moves: { from: SampleState | null; to: SampleState; at: Date; actor: Actor }[];
}

export interface PlannedOrder {
  orderNo: string;
  phone: string;
  kind: 'test' | 'reservation';
  progress: 'submitted' | 'awaiting_sample' | 'received' | 'testing' | 'delivered' | 'completed' | 'cancelled';
  payment: 'unpaid' | 'unsettled' | 'paid' | 'refunded';
  payLater: boolean;
  organization: number;
  title: string;
  totalFen: number;
  paidFen: number;
  channel: Channel | null;
  invoiceType: number;
  contact: string;
  remark: string;
  createdAt: Date;
  updatedAt: Date;
  paidAt: Date | null;
  receivedAt: Date | null;
  deliveredAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  managerCalledAt: Date | null;
  dataNotifiedAt: Date | null;
  evaluation: { score: number; content: string; at: Date } | null;
  lines: PlannedLine[];
  events: { status: string; title: string; note: string; actor: Actor; at: Date }[];
  samples: PlannedSample[];
  misses: { kind: 'call' | 'notice'; since: Date; dueAt: Date; recordedAt: Date }[];
  reservation: { rid: string; itemId: number; day: string; hours: number[]; status: 'booked' | 'cancelled' | 'used'; amountFen: number; createdAt: Date; cancelledAt: Date | null } | null;
  online: { paymentNo: string; vendor: 'wechat' | 'alipay'; tradeNo: string; createdAt: Date; paidAt: Date; refund: { refundNo: string; refundId: string; at: Date } | null } | null;
}

export interface PlannedTopUp {
  rid: string;
  applyNo: string;
  phone: string;
  amountFen: number;
  payer: string;
  remark: string;
  status: 'pending' | 'confirmed' | 'refused';
  createdAt: Date;
  decidedAt: Date | null;
  refuseReason: string | null;
}

export interface PlannedEntry {
  phone: string;
  amountFen: number;
  type: 'topup' | 'payment' | 'refund' | 'online_pay' | 'online_refund';
  reference: string;
  note: string;
  actor: Actor;
  at: Date;
}

export interface PlannedInvoice {
  rid: string;
  phone: string;
  type: number;
  title: TitleSnapshot;
  orderNo: string;
  amountFen: number;
  status: 'pending' | 'issued';
  invoiceNo: string | null;
  issuedOn: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface HistoryPlan {
  members: PlannedMember[];
  orders: PlannedOrder[];
  topUps: PlannedTopUp[];
  entries: PlannedEntry[];
  invoices: PlannedInvoice[];
}

const weightOf = new Map(seedItems.map((item) => [item.name, item.orders]));

/**
 * The history as rows, drawn from the seed (pure: the same items, staff, time and options give
 * the same plan). `taken`: instrument hours already booked (`itemId:day:hour`), left free.
 */
export function planHistory(items: HistoryItem[], people: Staff, now: Date, options: HistoryOptions = {}, taken: ReadonlySet<string> = new Set()): HistoryPlan {
  const orderTotal = options.orders ?? 3200;
  const days = options.days ?? 730;
  const r = generator(options.seed ?? 2016);
  const nowMs = now.getTime();
  const start = nowMs - days * DAY;
  const at = (ms: number) => new Date(ms);
  const staffActor = (who: keyof Staff): Actor => ({ kind: 'staff', id: people[who].id, name: people[who].name });
  const system: Actor = { kind: 'system', id: null, name: '系统' };
  const used = new Set<string>();
  const unique = (draw: () => string) => {
    for (;;) {
      const value = draw();
      if (!used.has(value)) {
        used.add(value);
        return value;
      }
    }
  };
  const dayNo = (prefix: string, ms: number, n: number) => unique(() => `${prefix}${labDay(at(ms)).replaceAll('-', '')}${r.digits(n)}`);

  // ---- customers ----
  const memberCount = Math.max(8, Math.round(orderTotal / 5));
  const members: PlannedMember[] = [];
  const personName = () => `${r.pick(surnames)}${r.pick(givenChars)}${r.chance(0.6) ? r.pick(givenChars) : ''}`;
  for (let i = 0; i < memberCount; i += 1) {
    const kind = r.next();
    const organization = kind < 0.42 ? 0 : kind < 0.62 ? 3 : kind < 0.9 ? 2 : 1;
    const name = personName();
    const family = name.slice(0, 1);
    let company = '';
    let institution = '';
    if (organization === 0 || organization === 3) {
      const uni = r.pick(universities);
      const school = r.pick(uni.schools);
      institution = uni.name;
      company = organization === 3 ? `${uni.name} ${school} ${name}课题组` : `${uni.name} ${school} ${personName().slice(0, 1)}老师课题组`;
    } else if (organization === 2) {
      institution = `${r.pick(companyCities)}${r.pick(companyWords)}${r.pick(companyTrades)}`;
      company = institution;
    } else {
      company = '';
      institution = name;
    }
    const nickname = organization === 0 ? `${family}同学` : organization === 3 ? `${family}老师` : organization === 2 ? `${family}工` : name;
    const channelDraw = r.next();
    const channel: Channel =
      organization === 3 || organization === 2 ? (channelDraw < 0.55 ? 'prestore' : channelDraw < 0.8 ? 'wechat' : 'alipay') : channelDraw < 0.15 ? 'prestore' : channelDraw < 0.65 ? 'wechat' : 'alipay';
    members.push({
      phone: `1380013${String(1000 + i).padStart(4, '0')}`,
      rid: r.rid(),
      name,
      nickname,
      email: organization === 2 ? `contact${1000 + i}@example.com` : `user${1000 + i}@example.edu.cn`,
      organization,
      company,
      inviteCode: unique(() => `H${r.rid().slice(0, 7).toUpperCase()}`),
      createdAt: at(start),
      lastLoginAt: at(start),
      channel,
      institution,
      invoices: (organization === 3 || organization === 2) && r.chance(0.7),
    });
  }
  // a few customers order a lot (课题组 with big projects), most now and then
  const drawMember = r.weighted(
    members.map((_, i) => i),
    (i) => 1 / Math.pow(i + 1, 0.75),
  );
  const booked = new Set(taken);

  // ---- order days: busier lately, quiet at the Spring Festival and in August, Sundays closed ----
  const dayList: { day: string; weight: number }[] = [];
  for (let d = days; d >= 0; d -= 1) {
    const day = labDay(at(nowMs - d * DAY));
    const weekday = weekdayOf(day);
    if (weekday === 0) continue;
    const month = Number(day.slice(5, 7));
    const date = Number(day.slice(8, 10));
    const season = (month === 1 && date > 20) || (month === 2 && date < 15) ? 0.3 : month === 8 ? 0.6 : month === 7 ? 0.8 : 1;
    dayList.push({ day, weight: (0.55 + 0.9 * (1 - d / days)) * season * (weekday === 6 ? 0.35 : 1) });
  }
  const drawDay = r.weighted(dayList, (d) => d.weight);
  const testItems = items.filter((i) => !i.reservable);
  const bookable = items.filter((i) => i.reservable);
  const drawTestItem = r.weighted(testItems, (i) => weightOf.get(i.name) ?? 500);
  const drawBookable = bookable.length ? r.weighted(bookable, (i) => weightOf.get(i.name) ?? 500) : null;

  const times: number[] = [];
  for (let k = 0; k < orderTotal; k += 1) {
    // an order placed today is placed before now (a draw later today is drawn again)
    let ms = Infinity;
    for (let tries = 0; ms > nowMs - 20 * MINUTE && tries < 20; tries += 1) ms = labInstant(drawDay().day, '09:00').getTime() + r.int(0, 8 * 60 + 50) * MINUTE;
    if (ms <= nowMs - 20 * MINUTE) times.push(ms);
  }
  times.sort((a, b) => a - b);

  const plannedOrders: PlannedOrder[] = [];
  const firstOrder = new Map<number, number>();
  const lastSeen = new Map<number, number>();

  for (const createdMs of times) {
    const memberIndex = drawMember();
    const member = members[memberIndex]!;
    if (!firstOrder.has(memberIndex)) firstOrder.set(memberIndex, createdMs);
    const memberActor: Actor = { kind: 'member', id: null, name: member.name };
    const orderNo = dayNo('KY', createdMs, 8);
    const reservation = drawBookable !== null && r.chance(0.12);
    const events: PlannedOrder['events'] = [];
    const event = (ms: number, status: string, title: string, actor: Actor, note = '') => events.push({ status, title, note, actor, at: at(ms) });
    const lines: PlannedLine[] = [];
    const choose = (item: HistoryItem) =>
      item.options.map((o) => {
        const choice = r.chance(0.8) ? o.choices[0]! : r.pick(o.choices);
        return { optionId: o.id, choiceId: choice.id, name: o.name, label: choice.label, priceFen: choice.priceFen };
      });
    let plannedReservation: PlannedOrder['reservation'] = null;

    if (reservation) {
      const item = drawBookable!();
      const count = r.int(2, 4);
      let day = labDay(at(afterWorkingDays(createdMs, r.int(2, 8), 0)));
      if (weekdayOf(day) === 6) day = addDays(day, 2);
      let first = r.int(9, 17 - count);
      for (let tries = 0; tries < 12 && Array.from({ length: count }, (_, h) => booked.has(`${item.id}:${day}:${first + h}`)).some(Boolean); tries += 1) {
        first = r.int(9, 17 - count);
        if (tries > 5) day = addDays(day, weekdayOf(day) === 5 ? 3 : 1);
      }
      const hours = Array.from({ length: count }, (_, h) => first + h);
      if (hours.some((h) => booked.has(`${item.id}:${day}:${h}`))) continue;
      for (const h of hours) booked.add(`${item.id}:${day}:${h}`);
      const chosen = choose(item);
      const unit = item.priceFen + chosen.reduce((s, o) => s + o.priceFen, 0);
      lines.push({ rid: r.rid(), item, count, options: chosen, unitPriceFen: unit, amountFen: unit * count, note: '', samples: [] });
      plannedReservation = { rid: r.rid(), itemId: item.id, day, hours, status: 'booked', amountFen: unit * count, createdAt: at(createdMs), cancelledAt: null };
    } else {
      const lineCount = r.chance(0.72) ? 1 : r.chance(0.75) ? 2 : 3;
      const picked = new Set<number>();
      for (let n = 0; n < lineCount; n += 1) {
        const item = drawTestItem();
        if (picked.has(item.id)) continue;
        picked.add(item.id);
        const entries = r.chance(0.5) ? 1 : r.int(2, 4);
        const samples = Array.from({ length: entries }, (_, s) => {
          const names = sampleNames[item.groupId] ?? ['样品'];
          return {
            name: `${r.pick(names)}${entries > 1 ? `-${s + 1}` : ''}`,
            count: r.chance(0.6) ? 1 : r.int(2, 3),
            form: sampleForms[item.groupId] ?? 'other',
            hazards: undefined,
            magnetic: false,
            returnWanted: r.chance(0.15),
            code: `${orderNo}-${lines.length + 1}-${s + 1}`,
          };
        });
        const count = samples.reduce((s, x) => s + x.count, 0);
        const chosen = choose(item);
        const unit = item.priceFen + chosen.reduce((s, o) => s + o.priceFen, 0);
        lines.push({ rid: r.rid(), item, count, options: chosen, unitPriceFen: unit, amountFen: unit * count, note: r.pick(orderNotes), samples });
      }
    }
    const totalFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const channel = member.channel;
    const payLater = !reservation && (member.organization === 0 || member.organization === 3) && r.chance(0.1);
    const fate = r.next();
    const o: PlannedOrder = {
      orderNo,
      phone: member.phone,
      kind: reservation ? 'reservation' : 'test',
      progress: 'submitted',
      payment: 'unpaid',
      payLater,
      organization: member.organization,
      title: reservation ? `${lines[0]!.item.name} ${plannedReservation!.day} ${plannedReservation!.hours[0]}:00-${plannedReservation!.hours.at(-1)! + 1}:00` : [...new Set(lines.map((l) => l.item.name))].join('、').slice(0, 200),
      totalFen,
      paidFen: 0,
      channel: null,
      invoiceType: member.invoices ? (member.organization === 2 ? 4 : 2) : 0,
      contact: member.name,
      remark: reservation ? '' : r.chance(0.3) ? '样品已寄出，顺丰' : '',
      createdAt: at(createdMs),
      updatedAt: at(createdMs),
      paidAt: null,
      receivedAt: null,
      deliveredAt: null,
      completedAt: null,
      cancelledAt: null,
      cancelReason: null,
      managerCalledAt: null,
      dataNotifiedAt: null,
      evaluation: null,
      lines,
      events,
      samples: [],
      misses: [],
      reservation: plannedReservation,
      online: null,
    };
    // each sample is a row from the start (待收样), moved by the lab later
    for (const line of lines) {
      for (const s of line.samples) o.samples.push({ code: s.code, lineRid: line.rid, itemId: line.item.id, state: 'awaiting', stateAt: null, queuePos: null, createdAt: at(createdMs), moves: [] });
    }
    event(createdMs, 'submitted', reservation ? '预约已提交' : '订单已提交', memberActor, reservation ? `${plannedReservation!.day} ${plannedReservation!.hours[0]}:00 起 ${plannedReservation!.hours.length} 小时` : '');
    const happened = (ms: number) => ms <= nowMs;
    let settleAt: number | null = null;
    let last = createdMs;
    const step = (ms: number) => {
      last = Math.max(last, ms);
      return ms;
    };

    const pay = (ms: number) => {
      o.payment = 'paid';
      o.paidAt = at(ms);
      o.paidFen = totalFen;
      o.channel = channel;
      if (channel !== 'prestore') {
        const paymentNo = dayNo('OP', ms, 14);
        o.online = { paymentNo, vendor: channel, tradeNo: channel === 'wechat' ? `42000${r.digits(23)}` : `${labDay(at(ms)).replaceAll('-', '')}22001${r.digits(15)}`, createdAt: at(ms - r.int(1, 4) * MINUTE), paidAt: at(ms), refund: null };
      }
      event(step(ms), 'paid', '已支付', memberActor, `支付${formatFen(totalFen)}（${channel === 'prestore' ? '预存款' : PAY_VENDOR_NAMES[channel]}）`);
    };

    // the lab confirms, the member pays (or chose pay-after-test), the sample arrives, …
    const confirmMs = workingAt(createdMs + r.int(20, 240) * MINUTE, r.int(5, 60));
    // a booking is paid at once (its hours are only held briefly); a test order within a day or so
    const payMs = reservation ? createdMs + r.int(2, 25) * MINUTE : workingAt(createdMs + r.int(10, 26 * 60) * MINUTE, r.int(5, 90));
    const cancelUnpaid = !reservation && fate < 0.05;
    const cancelPaid = !cancelUnpaid && fate < 0.075 && !payLater;

    if (cancelUnpaid) {
      const ms = workingAt(createdMs + r.int(2, 72) * HOUR, r.int(5, 120));
      if (happened(confirmMs) && confirmMs < ms) {
        o.progress = 'awaiting_sample';
        event(step(confirmMs), 'awaiting_sample', '订单已确认', staffActor('sales'));
      }
      if (happened(ms)) {
        o.progress = 'cancelled';
        o.cancelledAt = at(ms);
        o.cancelReason = r.pick(cancelReasons);
        event(step(ms), 'cancelled', '订单已取消', memberActor, o.cancelReason);
        if (o.reservation) {
          o.reservation.status = 'cancelled';
          o.reservation.cancelledAt = at(ms);
        }
      }
    } else {
      if (!payLater && happened(payMs)) pay(payMs);
      if (payLater && happened(confirmMs)) event(step(confirmMs + MINUTE), 'note', '已选择测试后结算', memberActor);
      if (happened(confirmMs)) {
        o.progress = 'awaiting_sample';
        event(step(Math.max(confirmMs, payLater ? confirmMs : 0)), 'awaiting_sample', '订单已确认', staffActor('sales'));
      }
      if (cancelPaid && o.payment === 'paid') {
        const ms = workingAt(payMs + r.int(3, 48) * HOUR, r.int(5, 120));
        if (happened(ms)) {
          o.progress = 'cancelled';
          o.cancelledAt = at(ms);
          o.cancelReason = r.pick(cancelReasons);
          o.payment = 'refunded';
          event(step(ms), 'cancelled', '订单已取消', memberActor, o.cancelReason);
          if (o.online) {
            o.online.refund = { refundNo: dayNo('RF', ms, 14), refundId: `50${r.digits(20)}`, at: at(ms + r.int(1, 10) * MINUTE) };
            event(step(ms), 'refunded', '已退款', system, `${formatFen(totalFen)}原路退回${PAY_VENDOR_NAMES[o.online.vendor]}`);
          } else {
            event(step(ms), 'refunded', '已退款', system, `${formatFen(totalFen)}已退回预存款`);
          }
          if (o.reservation) {
            o.reservation.status = 'cancelled';
            o.reservation.cancelledAt = at(ms);
          }
        }
      } else if (o.progress === 'awaiting_sample') {
        // the sample arrives (a booking: the member comes on the day)
        const paidBy = o.paidAt?.getTime() ?? confirmMs;
        const receiveMs = o.reservation
          ? labInstant(o.reservation.day, `${String(o.reservation.hours[0]).padStart(2, '0')}:00`).getTime() + r.int(0, 10) * MINUTE
          : afterWorkingDays(Math.max(confirmMs, paidBy), r.int(1, 4), r.int(0, 7 * 60));
        if (happened(receiveMs) && (o.payment === 'paid' || payLater)) {
          o.progress = 'received';
          o.receivedAt = at(receiveMs);
          event(step(receiveMs), 'received', '样品已签收', staffActor('lab'), o.reservation ? '客户已到场' : '样品完好');
          const late = r.chance(0.03);
          const callMs = late ? workingAt(receiveMs + r.int(150, 420) * MINUTE, r.int(5, 60)) : receiveMs + r.int(8, 100) * MINUTE;
          if (late && happened(receiveMs + 121 * MINUTE)) {
            const dueMs = receiveMs + 120 * MINUTE;
            o.misses.push({ kind: 'call', since: at(receiveMs), dueAt: at(dueMs), recordedAt: at(dueMs + MINUTE) });
            event(step(dueMs + MINUTE), 'received', '服务承诺超时', system, `到样回访（收样后2小时内致电客户）未在${labMinute(at(dueMs))}前完成`);
          }
          if (happened(callMs)) {
            o.managerCalledAt = at(callMs);
            event(step(callMs), 'note', '客户经理已电话回访', staffActor('sales'), r.pick(['已与客户确认测试条件', '确认测试参数与交付时间', '客户希望尽快出数据，已安排']));
          }
          // samples queue on their instruments, run, and their data comes out
          const [minDays, maxDays] = o.reservation ? [0, 0] : turnaroundDays(lines[0]!.item.turnaround);
          const testMs = o.reservation ? receiveMs + r.int(5, 15) * MINUTE : workingAt(Math.max(receiveMs + r.int(30, 120) * MINUTE, afterWorkingDays(receiveMs, r.int(0, 2), r.int(0, 7 * 60))));
          const serviceDays = o.reservation ? 0 : Math.max(1, minDays + Math.floor(Math.pow(r.next(), 1.6) * (maxDays - minDays + 1)) - 1);
          // each sample runs in turn (working hours), is processed, and its data comes out with the order's
          const runs = o.samples.map((_, index) => {
            const runMs = workingAt(testMs + index * 25 * MINUTE);
            return { runMs, processMs: workingAt(runMs + r.int(40, 180) * MINUTE) };
          });
          const lastProcessed = Math.max(0, ...runs.map((x) => x.processMs));
          let deliverMs = o.reservation ? labInstant(o.reservation.day, `${String(o.reservation.hours.at(-1)! + 1).padStart(2, '0')}:00`).getTime() - r.int(5, 20) * MINUTE : afterWorkingDays(testMs, serviceDays, r.int(60, 8 * 60));
          if (deliverMs <= lastProcessed) deliverMs = workingAt(lastProcessed + 30 * MINUTE);
          for (const [index, sample] of o.samples.entries()) {
            {
              const moves = sample.moves;
              const move = (ms: number, from: SampleState | null, to: SampleState, actor: Actor) => {
                if (happened(ms)) moves.push({ from, to, at: at(ms), actor });
              };
              const { runMs, processMs } = runs[index]!;
              move(receiveMs, 'awaiting', 'received', staffActor('lab'));
              move(receiveMs + 15 * MINUTE, 'received', 'queued', staffActor('lab'));
              move(runMs, 'queued', 'running', staffActor('lab'));
              move(processMs, 'running', 'processing', staffActor('lab'));
              move(deliverMs, 'processing', 'data_out', staffActor('lab'));
              const current = moves.at(-1);
              sample.state = current?.to ?? 'awaiting';
              sample.stateAt = current?.at ?? null;
              sample.queuePos = current?.to === 'queued' ? Math.floor((receiveMs - start) / MINUTE) * 100 + Math.min(index, 99) : null;
            }
          }
          if (happened(testMs)) {
            o.progress = 'testing';
            event(step(testMs), 'testing', '开始测试', staffActor('lab'));
          }
          if (happened(deliverMs)) {
            o.progress = 'delivered';
            o.deliveredAt = at(deliverMs);
            event(step(deliverMs), 'delivered', '数据已交付', staffActor('lab'), o.reservation ? '上机数据已拷贝给客户' : `${o.samples.length} 个样品的数据与报告已上传`);
            const lateNotice = r.chance(0.02);
            const noticeMs = lateNotice ? workingAt(deliverMs + r.int(150, 360) * MINUTE, r.int(5, 60)) : deliverMs + r.int(1, 30) * MINUTE;
            if (lateNotice && happened(deliverMs + 121 * MINUTE)) {
              const dueMs = deliverMs + 120 * MINUTE;
              o.misses.push({ kind: 'notice', since: at(deliverMs), dueAt: at(dueMs), recordedAt: at(dueMs + MINUTE) });
              event(step(dueMs + MINUTE), 'delivered', '服务承诺超时', system, `数据通知（交付后2小时内通知客户）未在${labMinute(at(dueMs))}前完成`);
            }
            if (happened(noticeMs)) o.dataNotifiedAt = at(noticeMs);
            let settledMs = deliverMs;
            if (payLater) {
              o.payment = 'unsettled';
              event(step(deliverMs + MINUTE), 'unsettled', '待结算', staffActor('lab'), '测试后结算：数据已交付，请完成结算');
              // settled within days or weeks (sales follow up the ones still open: 待结算提醒)
              settledMs = workingAt(deliverMs + r.int(1, 40) * DAY, r.int(5, 300));
              settleAt = settledMs;
            }
            // the member confirms the data (or the system does after 10 days)
            const auto = r.chance(0.15);
            const completeMs = auto ? deliverMs + 10 * DAY + r.int(1, 30) * MINUTE : workingAt(deliverMs + r.int(4, 8 * 24) * HOUR, r.int(5, 200));
            if (payLater && happened(settledMs) && settledMs < completeMs) pay(settledMs);
            if (happened(completeMs)) {
              if (!auto) event(step(completeMs - MINUTE), 'confirmed_data', '已确认数据', memberActor);
              o.progress = 'completed';
              o.completedAt = at(completeMs);
              event(step(completeMs), 'completed', '订单已完成', auto ? system : memberActor, auto ? '数据交付后10天内未确认也未申请复测，系统自动确认' : '');
              if (o.reservation) o.reservation.status = 'used';
              for (const sample of o.samples) {
                const retain = !o.lines.find((l) => l.rid === sample.lineRid)!.samples.find((s) => s.code === sample.code)!.returnWanted;
                const retainMs = workingAt(completeMs + r.int(30, 24 * 60) * MINUTE, r.int(5, 60));
                if (sample.state === 'data_out' && retain && happened(retainMs)) {
                  sample.moves.push({ from: 'data_out', to: 'retained', at: at(retainMs), actor: staffActor('lab') });
                  sample.state = 'retained';
                  sample.stateAt = at(retainMs);
                }
              }
              if (r.chance(0.38)) {
                const score = r.chance(0.72) ? 5 : r.chance(0.8) ? 4 : 3;
                const evalMs = workingAt(completeMs + r.int(5, 36 * 60) * MINUTE, r.int(5, 60));
                if (happened(evalMs)) {
                  o.evaluation = { score, content: r.pick(evaluationTexts[score]!), at: at(evalMs) };
                  event(step(evalMs), 'evaluated', `已评价（${score}星）`, memberActor, o.evaluation.content);
                }
              }
            }
          }
        }
      }
    }
    if (o.payLater && o.payment === 'unsettled' && settleAt !== null && happened(settleAt)) pay(settleAt);
    // unpaid orders the member left more than 6 days are not left unpaid: the job cancels at 7
    if (o.payment === 'unpaid' && !payLater && o.progress !== 'cancelled' && nowMs - createdMs > 6 * DAY) {
      const ms = createdMs + 7 * DAY;
      o.progress = 'cancelled';
      o.cancelledAt = at(ms);
      o.cancelReason = '超过7天未支付，系统自动取消';
      event(step(ms), 'cancelled', '订单已取消', system, o.cancelReason);
      if (o.reservation) {
        o.reservation.status = 'cancelled';
        o.reservation.cancelledAt = at(ms);
      }
    }
    o.updatedAt = at(last);
    lastSeen.set(memberIndex, Math.max(lastSeen.get(memberIndex) ?? 0, last));
    plannedOrders.push(o);
  }

  // members registered before their first order; the ones who never ordered, sometime in the two years
  for (const [i, member] of members.entries()) {
    const first = firstOrder.get(i);
    const registered = first === undefined ? start + r.next() * (nowMs - start - DAY) : Math.max(start - 60 * DAY, first - r.int(1, 90) * DAY);
    member.createdAt = at(workingAt(registered, r.int(0, 300)));
    if (first !== undefined && member.createdAt.getTime() > first) member.createdAt = at(first - HOUR);
    member.lastLoginAt = at(Math.min(nowMs, Math.max(member.createdAt.getTime(), lastSeen.get(i) ?? member.createdAt.getTime())));
  }

  // ---- money: each paid order leaves the payer's prepaid funds; 对公转账 top-ups keep them above zero ----
  const entries: PlannedEntry[] = [];
  const topUps: PlannedTopUp[] = [];
  const byMember = new Map<string, PlannedMember>(members.map((m) => [m.phone, m]));
  const balances = new Map<string, number>();
  const money = plannedOrders
    .filter((o) => o.paidAt !== null)
    .flatMap((o) => [{ o, ms: o.paidAt!.getTime(), kind: 'pay' as const }, ...(o.payment === 'refunded' ? [{ o, ms: o.cancelledAt!.getTime(), kind: 'refund' as const }] : [])])
    .sort((a, b) => a.ms - b.ms);
  const memberActorOf = (phone: string): Actor => ({ kind: 'member', id: null, name: byMember.get(phone)!.name });
  for (const { o, ms, kind } of money) {
    const balance = balances.get(o.phone) ?? 0;
    const actor = memberActorOf(o.phone);
    if (kind === 'pay') {
      if (o.online) {
        entries.push({ phone: o.phone, amountFen: o.paidFen, type: 'online_pay', reference: `pay:${o.online.paymentNo}`, note: `${PAY_VENDOR_NAMES[o.online.vendor]}订单支付 ${o.online.paymentNo}`, actor, at: at(ms) });
      } else if (balance < o.paidFen) {
        const member = byMember.get(o.phone)!;
        const need = o.paidFen - balance;
        const amountFen = [500_000, 1_000_000, 2_000_000, 3_000_000, 5_000_000].find((a) => a >= need * 2) ?? Math.ceil((need * 2) / 1_000_000) * 1_000_000;
        const decided = workingAt(ms - r.int(3, 20) * HOUR, r.int(5, 60));
        const created = workingAt(Math.min(decided, ms) - r.int(20, 72) * HOUR, r.int(5, 60));
        const decidedAt = Math.min(decided, ms - MINUTE);
        const rid = r.rid();
        const applyNo = dayNo('YC', created, 6);
        topUps.push({ rid, applyNo, phone: o.phone, amountFen, payer: member.institution, remark: r.pick(['测试费预存', '国家自然科学基金项目测试费', '横向课题测试费', '年度检测服务预存']), status: 'confirmed', createdAt: at(created), decidedAt: at(decidedAt), refuseReason: null });
        entries.push({ phone: o.phone, amountFen, type: 'topup', reference: `prestore:${rid}`, note: `预存单 ${applyNo}`, actor: staffActor('finance'), at: at(decidedAt) });
        balances.set(o.phone, balance + amountFen);
      }
      entries.push({ phone: o.phone, amountFen: -o.paidFen, type: 'payment', reference: `order:${o.orderNo}`, note: `订单${o.orderNo}支付`, actor, at: at(ms) });
      if (!o.online) balances.set(o.phone, (balances.get(o.phone) ?? 0) - o.paidFen);
    } else {
      entries.push({ phone: o.phone, amountFen: o.paidFen, type: 'refund', reference: `order:${o.orderNo}`, note: `订单${o.orderNo}取消退款`, actor: memberActorOf(o.phone), at: at(ms) });
      if (o.online?.refund) {
        entries.push({ phone: o.phone, amountFen: -o.paidFen, type: 'online_refund', reference: `refund:${o.online.refund.refundNo}`, note: `订单${o.orderNo}取消，原路退回${PAY_VENDOR_NAMES[o.online.vendor]}`, actor, at: at(ms) });
      } else balances.set(o.phone, (balances.get(o.phone) ?? 0) + o.paidFen);
    }
  }
  // finance's queue today: a few transfers waiting, one refused for a missing receipt
  const transferring = members.filter((m) => m.channel === 'prestore').slice(0, 4);
  for (const [n, member] of transferring.entries()) {
    const created = workingAt(nowMs - r.int(2, 40) * HOUR, 10);
    if (created > nowMs) continue;
    const refused = n === 3;
    topUps.push({
      rid: r.rid(),
      applyNo: dayNo('YC', created, 6),
      phone: member.phone,
      amountFen: r.pick([1_000_000, 2_000_000, 500_000]),
      payer: member.institution,
      remark: '测试费预存',
      status: refused ? 'refused' : 'pending',
      createdAt: at(created),
      decidedAt: refused ? at(Math.min(nowMs, created + HOUR)) : null,
      refuseReason: refused ? '未查到该笔转账，请上传银行回单后重新提交' : null,
    });
  }

  // ---- invoices: customers who want one get a paper invoice (专票 for companies) for each completed order ----
  const invoices: PlannedInvoice[] = [];
  for (const o of plannedOrders) {
    const member = byMember.get(o.phone)!;
    if (!member.invoices || o.progress !== 'completed' || o.payment !== 'paid') continue;
    const created = workingAt(o.completedAt!.getTime() + r.int(4, 120) * HOUR, r.int(5, 100));
    if (created > nowMs) continue;
    const issued = afterWorkingDays(created, r.int(1, 4), r.int(30, 420));
    const done = issued <= nowMs;
    invoices.push({
      rid: r.rid(),
      phone: o.phone,
      type: o.invoiceType,
      title: { kind: 'unit', title: member.institution, tax_no: `91310${r.digits(13)}`, bank: member.organization === 2 ? '中国工商银行上海分行' : null, bank_account: member.organization === 2 ? `1001${r.digits(15)}` : null, address: member.organization === 2 ? `${member.institution.slice(0, 2)}市高新区科技路${r.int(1, 200)}号` : null, phone: member.organization === 2 ? `021-5${r.digits(7)}` : null, email: member.email },
      orderNo: o.orderNo,
      amountFen: o.paidFen,
      status: done ? 'issued' : 'pending',
      invoiceNo: done ? r.digits(8) : null,
      issuedOn: done ? labDay(at(issued)) : null,
      createdAt: at(created),
      decidedAt: done ? at(issued) : null,
    });
  }
  return { members, orders: plannedOrders, topUps, entries: entries.sort((a, b) => a.at.getTime() - b.at.getTime()), invoices };
}

// ---- writing ----

/**
 * A bulk insert that reads like drizzle's (`bulk(tx, table).values(rows)`, `.returning({...})`)
 * but sends each chunk as one JSON parameter (json_populate_recordset over the table's row type):
 * tens of thousands of rows in a few statements, without a placeholder per value, which is what
 * makes the history quick to write on PGlite. Keys are the table's (camelCase) column keys.
 */
function bulk<T extends PgTable>(tx: Tx, table: T) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const name = getTableName(table);
  // the database's names: drizzle's own snake_case of the schema's names (db/client.ts opens drizzle with casing snake_case)
  const column = (key: string) => toSnakeCase(columns[key]!.name);
  return {
    values(rows: T['$inferInsert'][]) {
      const run = async (selection?: Record<string, PgColumn>): Promise<Record<string, unknown>[]> => {
        if (rows.length === 0) return [];
        const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))].filter((key) => columns[key]);
        const list = sql.raw(keys.map((key) => `"${column(key)}"`).join(', '));
        const returning = selection ? sql.raw(` returning ${Object.entries(selection).map(([alias, c]) => `"${toSnakeCase(c.name)}" as "${alias}"`).join(', ')}`) : sql``;
        const out: Record<string, unknown>[] = [];
        for (let i = 0; i < rows.length; i += 5000) {
          const chunk = rows.slice(i, i + 5000).map((row) => Object.fromEntries(keys.map((key) => [column(key), (row as Record<string, unknown>)[key] ?? null])));
          const statement = sql`insert into ${sql.raw(`"${name}"`)} (${list}) select ${list} from json_populate_recordset(null::${sql.raw(`"${name}"`)}, ${JSON.stringify(chunk)}::json)${returning}`;
          if (selection) out.push(...(await queryRows<Record<string, unknown>>(tx, statement)));
          else await tx.execute(statement);
        }
        return out;
      };
      return {
        then<R1 = void, R2 = never>(resolve?: ((value: void) => R1 | PromiseLike<R1>) | null, reject?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
          return run().then(() => undefined).then(resolve, reject);
        },
        returning<S extends Record<string, PgColumn>>(selection: S): Promise<{ [K in keyof S]: S[K]['_']['data'] }[]> {
          return run(selection) as Promise<{ [K in keyof S]: S[K]['_']['data'] }[]>;
        },
      };
    },
  };
}

async function insertAll<T>(rows: T[], _size: number, write: (part: T[]) => PromiseLike<unknown>): Promise<void> {
  await write(rows);
}

async function returningAll<T, R>(rows: T[], _size: number, write: (part: T[]) => Promise<R[]>): Promise<R[]> {
  return write(rows);
}

export interface HistorySummary {
  members: number;
  orders: number;
  byProgress: Record<string, number>;
  byPayment: Record<string, number>;
  byChannel: Record<string, number>;
  reservations: number;
  samples: number;
  entries: number;
  topUps: number;
  invoices: number;
  misses: number;
  /** consent rows and order_points rows of the history's customers */
  consents: number;
  points: number;
  /** where the time went (npm run bench:history prints it) */
  ms: { plan: number; write: number; consentsAndPoints: number; analyze: number };
}

/** Plans the history and writes it, in one transaction. Called once, from seedDemoData's first-time block. */
export async function seedHistory(db: Db, now: Date, options: HistoryOptions = {}): Promise<HistorySummary> {
  const itemRows = await db
    .select({ id: serviceItems.id, name: serviceItems.name, img: serviceItems.img, typeId: serviceItems.typeId, groupId: serviceItems.groupId, unit: serviceItems.unit, priceFen: serviceItems.priceFen, options: serviceItems.options, turnaround: serviceItems.turnaround, reservable: serviceItems.reservable })
    .from(serviceItems)
    .where(eq(serviceItems.published, true))
    .orderBy(serviceItems.sort, serviceItems.id);
  const staffRows = await db.select({ id: staff.id, account: staff.account, name: staff.name }).from(staff).where(inArray(staff.account, ['sales', 'lab', 'finance']));
  const who = (account: string) => {
    const row = staffRows.find((s) => s.account === account);
    if (!row) throw new Error(`demo staff ${account} missing`);
    return { id: row.id, name: row.name };
  };
  const taken = await db
    .select({ itemId: reservationSlots.itemId, day: reservationSlots.day, hour: reservationSlots.hour })
    .from(reservationSlots)
    .where(and(eq(reservationSlots.active, true), gte(reservationSlots.day, labDay(new Date(now.getTime() - 800 * DAY)))));
  const started = performance.now();
  const plan = planHistory(itemRows, { sales: who('sales'), lab: who('lab'), finance: who('finance') }, now, options, new Set(taken.map((t) => `${t.itemId}:${t.day}:${t.hour}`)));
  const planned = performance.now();
  let written = { consents: 0, points: 0 };
  let wrote = 0;
  await db.transaction(async (tx) => {
    await writeHistory(tx, plan, { sales: who('sales').id, finance: who('finance').id });
    // their consents and points, as the services would have left them (history-members.seed.ts)
    wrote = performance.now();
    written = await writeHistoryConsentsAndPoints(tx, plan.members.map((m) => m.phone));
    // the lab's queue settings: each instrument's default service time is its stated 测试周期 (what
    // the estimates use while an instrument's own history is thin), a busy instrument runs more a day
    const queued = itemRows.filter((item) => !item.reservable && item.typeId !== 2);
    const set = await tx.select({ itemId: instrumentQueues.itemId }).from(instrumentQueues);
    const kept = new Set(set.map((row) => row.itemId));
    await bulk(tx, instrumentQueues).values(
      queued
        .filter((item) => !kept.has(item.id))
        .map((item) => {
          const [min, max] = turnaroundDays(item.turnaround);
          return { itemId: item.id, capacityPerDay: (weightOf.get(item.name) ?? 0) > 8000 ? 16 : 8, defaultMinDays: Math.min(min, 60), defaultMaxDays: Math.min(Math.max(max, min), 60), updatedAt: now };
        }),
    );
  });
  const committed = performance.now();
  // statistics for the planner after a bulk load (PGlite has no autovacuum)
  await db.execute(sql`analyze members, member_consents, order_points, accounts, ledger_entries, orders, order_lines, order_events, order_samples, sample_events, reservations, reservation_slots, online_payments, invoice_applications`);
  const tally = <T>(list: T[], key: (t: T) => string | null) => list.reduce<Record<string, number>>((acc, t) => {
    const k = key(t);
    if (k !== null) acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});
  return {
    members: plan.members.length,
    orders: plan.orders.length,
    byProgress: tally(plan.orders, (o) => o.progress),
    byPayment: tally(plan.orders, (o) => o.payment),
    byChannel: { ...tally(plan.orders, (o) => (o.paidAt ? (o.channel ?? null) : null)), transfer: plan.topUps.filter((t) => t.status === 'confirmed').length },
    reservations: plan.orders.filter((o) => o.reservation).length,
    samples: plan.orders.reduce((n, o) => n + o.samples.length, 0),
    entries: plan.entries.length,
    topUps: plan.topUps.length,
    invoices: plan.invoices.length,
    misses: plan.orders.reduce((n, o) => n + o.misses.length, 0),
    ...written,
    ms: { plan: Math.round(planned - started), write: Math.round(wrote - planned), consentsAndPoints: Math.round(committed - wrote), analyze: Math.round(performance.now() - committed) },
  };
}

async function writeHistory(tx: Tx, plan: HistoryPlan, people: { sales: number; finance: number }): Promise<void> {
  const adviserId = people.sales;
  const memberIds = new Map<string, number>();
  const staffIdOf = (actor: Actor) => (actor.kind === 'staff' ? actor.id : null);
  const actorIdOf = (actor: Actor, phone: string) => (actor.kind === 'member' ? memberIds.get(phone)! : staffIdOf(actor));
  for (const row of await returningAll(plan.members, 500, (part) =>
    bulk(tx, members)
      .values(part.map((m) => ({ rid: m.rid, phone: m.phone, passwordHash: null, nickname: m.nickname, name: m.name, email: m.email, organization: m.organization, company: m.company || null, inviteCode: m.inviteCode, adviserStaffId: adviserId, createdAt: m.createdAt, lastLoginAt: m.lastLoginAt })))
      .returning({ id: members.id, phone: members.phone }),
  )) {
    memberIds.set(row.phone, row.id);
  }

  // the prepaid accounts with their balances: the sums of their entries
  const running = new Map<string, number>();
  const after = plan.entries.map((e) => {
    const balance = (running.get(e.phone) ?? 0) + e.amountFen;
    if (balance < 0) throw new Error(`demo history: ${e.phone} would go below zero at ${e.reference}`);
    running.set(e.phone, balance);
    return balance;
  });
  const accountIds = new Map<string, number>();
  const owners = [...running.keys()];
  const opened = new Map<string, Date>();
  for (const e of plan.entries) if (!opened.has(e.phone)) opened.set(e.phone, e.at);
  const phoneOf = new Map([...memberIds].map(([phone, id]) => [id, phone]));
  for (const row of await returningAll(owners, 1000, (part) =>
    bulk(tx, accounts)
      .values(part.map((phone) => ({ ownerKind: 'member' as const, ownerId: memberIds.get(phone)!, kind: 'prestore' as const, balanceFen: running.get(phone)!, createdAt: opened.get(phone)! })))
      .returning({ id: accounts.id, ownerId: accounts.ownerId }),
  )) {
    accountIds.set(phoneOf.get(row.ownerId)!, row.id);
  }
  await insertAll(
    plan.entries.map((e, i) => ({ accountId: accountIds.get(e.phone)!, amountFen: e.amountFen, balanceAfterFen: after[i]!, type: e.type, reference: e.reference, note: e.note, actorKind: e.actor.kind, actorId: actorIdOf(e.actor, e.phone), createdAt: e.at })),
    2000,
    (part) => bulk(tx, ledgerEntries).values(part),
  );
  await insertAll(plan.topUps, 1000, (part) =>
    bulk(tx, prestoreApplications).values(
      part.map((t) => ({ rid: t.rid, applyNo: t.applyNo, memberId: memberIds.get(t.phone)!, amountFen: t.amountFen, payer: t.payer, remark: t.remark, status: t.status, refuseReason: t.refuseReason, staffId: t.decidedAt ? people.finance : null, createdAt: t.createdAt, updatedAt: t.decidedAt ?? t.createdAt, decidedAt: t.decidedAt })),
    ),
  );

  // orders, their lines, timelines and samples
  const orderIds = new Map<string, number>();
  for (const row of await returningAll(plan.orders, 500, (part) =>
    bulk(tx, orders)
      .values(
        part.map((o) => ({
          orderNo: o.orderNo,
          memberId: memberIds.get(o.phone)!,
          kind: o.kind,
          progress: o.progress,
          payment: o.payment,
          payLater: o.payLater,
          organization: o.organization,
          title: o.title,
          lineCount: o.lines.length,
          sampleCount: o.lines.reduce((n, l) => n + (o.kind === 'test' ? l.count : 0), 0),
          totalFen: o.totalFen,
          paidFen: o.paidFen,
          paidFromKind: o.paidAt ? ('member' as const) : null,
          paidFromId: o.paidAt ? memberIds.get(o.phone)! : null,
          contact: o.contact,
          phone: o.phone,
          remark: o.remark,
          invoiceType: o.invoiceType,
          evaluationScore: o.evaluation?.score ?? null,
          evaluationContent: o.evaluation?.content ?? null,
          evaluatedAt: o.evaluation?.at ?? null,
          cancelReason: o.cancelReason,
          createdAt: o.createdAt,
          updatedAt: o.updatedAt,
          paidAt: o.paidAt,
          receivedAt: o.receivedAt,
          deliveredAt: o.deliveredAt,
          completedAt: o.completedAt,
          cancelledAt: o.cancelledAt,
          managerCalledAt: o.managerCalledAt,
          managerCalledBy: o.managerCalledAt ? adviserId : null,
          managerCallNote: o.managerCalledAt ? '已与客户确认测试条件' : null,
          dataNotifiedAt: o.dataNotifiedAt,
        })),
      )
      .returning({ id: orders.id, orderNo: orders.orderNo }),
  )) {
    orderIds.set(row.orderNo, row.id);
  }
  const lineIds = new Map<string, number>();
  const lines = plan.orders.flatMap((o) => o.lines.map((l, sort) => ({ o, l, sort })));
  for (const row of await returningAll(lines, 1000, (part) =>
    bulk(tx, orderLines)
      .values(part.map(({ o, l, sort }) => ({ rid: l.rid, orderId: orderIds.get(o.orderNo)!, itemId: l.item.id, name: l.item.name, img: l.item.img, typeId: l.item.typeId, groupId: l.item.groupId, unit: l.item.unit, count: l.count, options: l.options, unitPriceFen: l.unitPriceFen, amountFen: l.amountFen, note: l.note, samples: l.samples, sort })))
      .returning({ id: orderLines.id, rid: orderLines.rid }),
  )) {
    lineIds.set(row.rid, row.id);
  }
  const events = plan.orders.flatMap((o) => o.events.map((e) => ({ o, e }))).sort((a, b) => a.e.at.getTime() - b.e.at.getTime());
  await insertAll(events, 2000, (part) =>
    bulk(tx, orderEvents).values(part.map(({ o, e }) => ({ orderId: orderIds.get(o.orderNo)!, status: e.status, title: e.title, note: e.note, actorKind: e.actor.kind, actorId: actorIdOf(e.actor, o.phone), actorName: e.actor.name, createdAt: e.at }))),
  );
  const samples = plan.orders.flatMap((o) => o.samples.map((s) => ({ o, s })));
  // the row keeps its last 上机 and 出数据 (the estimates' service times), as a move at the desk writes them
  const lastMove = (moves: { to: SampleState; at: Date }[], to: SampleState) => moves.findLast((m) => m.to === to)?.at ?? null;
  const sampleIds = new Map<string, number>();
  for (const row of await returningAll(samples, 1000, (part) =>
    bulk(tx, orderSamples)
      .values(part.map(({ o, s }) => ({ orderId: orderIds.get(o.orderNo)!, lineId: lineIds.get(s.lineRid)!, itemId: s.itemId, code: s.code, state: s.state, stateAt: s.stateAt, queuePos: s.queuePos, ranAt: lastMove(s.moves, 'running'), dataOutAt: lastMove(s.moves, 'data_out'), createdAt: s.createdAt })))
      .returning({ id: orderSamples.id, code: orderSamples.code }),
  )) {
    sampleIds.set(row.code, row.id);
  }
  const moves = samples.flatMap(({ o, s }) => s.moves.map((m) => ({ o, s, m }))).sort((a, b) => a.m.at.getTime() - b.m.at.getTime());
  await insertAll(moves, 2000, (part) =>
    bulk(tx, sampleEvents).values(part.map(({ o, s, m }) => ({ sampleId: sampleIds.get(s.code)!, orderId: orderIds.get(o.orderNo)!, fromState: m.from, toState: m.to, actorKind: m.actor.kind, actorId: actorIdOf(m.actor, o.phone), actorName: m.actor.name, createdAt: m.at }))),
  );
  const misses = plan.orders.flatMap((o) => o.misses.map((m) => ({ orderId: orderIds.get(o.orderNo)!, kind: m.kind, since: m.since, dueAt: m.dueAt, recordedAt: m.recordedAt })));
  await insertAll(misses, 2000, (part) => bulk(tx, orderPromiseMisses).values(part));

  // instrument bookings and their hours
  const booked = plan.orders.filter((o) => o.reservation);
  const reservationIds = new Map<string, number>();
  for (const row of await returningAll(booked, 1000, (part) =>
    bulk(tx, reservations)
      .values(part.map((o) => ({ rid: o.reservation!.rid, memberId: memberIds.get(o.phone)!, itemId: o.reservation!.itemId, orderId: orderIds.get(o.orderNo)!, day: o.reservation!.day, hours: o.reservation!.hours, status: o.reservation!.status, amountFen: o.reservation!.amountFen, createdAt: o.reservation!.createdAt, cancelledAt: o.reservation!.cancelledAt, holdUntil: null })))
      .returning({ id: reservations.id, rid: reservations.rid }),
  )) {
    reservationIds.set(row.rid, row.id);
  }
  await insertAll(
    booked.flatMap((o) => o.reservation!.hours.map((hour) => ({ reservationId: reservationIds.get(o.reservation!.rid)!, itemId: o.reservation!.itemId, day: o.reservation!.day, hour, active: o.reservation!.status !== 'cancelled' }))),
    2000,
    (part) => bulk(tx, reservationSlots).values(part),
  );

  // online payments, in our books and in the local gateway's (reconciliation agrees with both)
  const online = plan.orders.filter((o) => o.online);
  const paymentIds = new Map<string, number>();
  for (const row of await returningAll(online, 500, (part) =>
    bulk(tx, onlinePayments)
      .values(
        part.map((o) => {
          const p = o.online!;
          const ids = LOCAL_IDS[p.vendor];
          return {
            paymentNo: p.paymentNo,
            memberId: memberIds.get(o.phone)!,
            purpose: o.payLater ? ('settle' as const) : ('order' as const),
            vendor: p.vendor,
            scene: p.vendor === 'wechat' ? ('native' as const) : ('page' as const),
            provider: 'local',
            amountFen: o.paidFen,
            fundsKind: 'member' as const,
            fundsId: memberIds.get(o.phone)!,
            state: 'paid' as const,
            tradeNo: p.tradeNo,
            merchantId: ids.merchantId,
            appId: ids.appId,
            expiresAt: new Date(p.createdAt.getTime() + 2 * HOUR),
            paidAt: p.paidAt,
            notifiedAt: p.paidAt,
            bookedBy: 'notify',
            createdAt: p.createdAt,
            updatedAt: p.paidAt,
          };
        }),
      )
      .returning({ id: onlinePayments.id, paymentNo: onlinePayments.paymentNo }),
  )) {
    paymentIds.set(row.paymentNo, row.id);
  }
  await insertAll(online, 1000, (part) => bulk(tx, onlinePaymentOrders).values(part.map((o) => ({ paymentId: paymentIds.get(o.online!.paymentNo)!, orderId: orderIds.get(o.orderNo)!, amountFen: o.paidFen, paidOrder: true }))));
  await insertAll(online, 500, (part) =>
    bulk(tx, localGatewayPayments).values(
      part.map((o) => ({ outTradeNo: o.online!.paymentNo, vendor: o.online!.vendor, scene: o.online!.vendor === 'wechat' ? 'native' : 'page', amountFen: o.paidFen, description: o.title.slice(0, 100), notifyUrl: `http://localhost:3000/pay/notify/${o.online!.vendor}`, returnUrl: 'http://localhost:3000/member/order', state: 'paid' as const, tradeNo: o.online!.tradeNo, expiresAt: new Date(o.online!.createdAt.getTime() + 2 * HOUR), paidAt: o.online!.paidAt, createdAt: o.online!.createdAt })),
    ),
  );
  const refunded = online.filter((o) => o.online!.refund);
  await insertAll(refunded, 1000, (part) =>
    bulk(tx, onlineRefunds).values(part.map((o) => ({ refundNo: o.online!.refund!.refundNo, paymentId: paymentIds.get(o.online!.paymentNo)!, orderId: orderIds.get(o.orderNo)!, amountFen: o.paidFen, state: 'success' as const, refundId: o.online!.refund!.refundId, reason: '订单取消', requestedAt: o.cancelledAt, attempts: 1, succeededAt: o.online!.refund!.at, createdAt: o.cancelledAt!, updatedAt: o.online!.refund!.at }))),
  );
  await insertAll(refunded, 1000, (part) =>
    bulk(tx, localGatewayRefunds).values(part.map((o) => ({ outRefundNo: o.online!.refund!.refundNo, outTradeNo: o.online!.paymentNo, refundId: o.online!.refund!.refundId, amountFen: o.paidFen, state: 'success' as const, succeededAt: o.online!.refund!.at, createdAt: o.online!.refund!.at }))),
  );

  // invoice titles (one default per customer who invoices) and the applications
  const titled = [...new Map(plan.invoices.map((i) => [i.phone, i])).values()];
  await insertAll(titled, 1000, (part) =>
    bulk(tx, invoiceTitles).values(part.map((i) => ({ rid: `${i.rid.slice(0, 12)}titl`, memberId: memberIds.get(i.phone)!, kind: 'unit' as const, title: i.title.title, taxNo: i.title.tax_no, bank: i.title.bank, bankAccount: i.title.bank_account, address: i.title.address, phone: i.title.phone, email: i.title.email, isDefault: true, createdAt: i.createdAt, updatedAt: i.createdAt }))),
  );
  const applicationIds = new Map<string, number>();
  for (const row of await returningAll(plan.invoices, 500, (part) =>
    bulk(tx, invoiceApplications)
      .values(part.map((i) => ({ rid: i.rid, memberId: memberIds.get(i.phone)!, type: i.type, title: i.title, amountFen: i.amountFen, receiver: i.title.title, receiverPhone: i.phone, receiverAddress: i.title.address ?? '', status: i.status, invoiceNo: i.invoiceNo, issuedOn: i.issuedOn, staffId: i.decidedAt ? people.finance : null, createdAt: i.createdAt, updatedAt: i.decidedAt ?? i.createdAt, decidedAt: i.decidedAt })))
      .returning({ id: invoiceApplications.id, rid: invoiceApplications.rid }),
  )) {
    applicationIds.set(row.rid, row.id);
  }
  await insertAll(plan.invoices, 2000, (part) => bulk(tx, invoiceApplicationItems).values(part.map((i) => ({ applicationId: applicationIds.get(i.rid)!, sourceKind: 'order' as const, sourceRef: i.orderNo, amountFen: i.amountFen }))));
}
