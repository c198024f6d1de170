import { and, asc, count, desc, eq, gte, lt, lte, min, ne, type SQL } from 'drizzle-orm';
import {
  addDays,
  isAllowedRegion,
  PICKUP_REGION_CLOSED_MESSAGE,
  pickupProblem,
  recycleStatusLabels,
  samplingStatusLabels,
  SELF_SEND_MESSAGE,
  PICKUP_CALENDAR_MAX_DAYS,
  type AdminPickup,
  type PickupCalendar,
  type PickupDay,
  type Page,
  type RecycleAddBody,
  type RecycleRequest,
  type Sampling,
  type SamplingAddBody,
  type SamplingListBody,
  type SamplingStatus,
} from '@lab/contract';
import { paginate } from '../../../db/paginate';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { randomId } from '../../../platform/crypto';
import { memberContacts, staffNames } from '../../accounts';
import { isUniqueViolation } from '../../../db/errors';
import { getSiteSettings } from '../../content';
import { orders } from '../orders.tables';
import { sampleRecycles, samplings } from './pickups.tables';
import { findOwnAddress, fullAddress, resolveRegion, type ResolvedRegion } from '../../member';

type SamplingRow = typeof samplings.$inferSelect;
type RecycleRow = typeof sampleRecycles.$inferSelect;

export function toSampling(row: SamplingRow): Sampling {
  return {
    rid: row.rid,
    type: row.type === 0 ? 0 : 1,
    date: row.pickupDate,
    time: row.timeSlot,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    address_code: row.addressCode,
    sendAddress: row.sendAddress,
    message: row.message,
    status: row.status,
    statusText: samplingStatusLabels[row.status],
    createdAt: row.createdAt.toISOString(),
    collectedAt: row.collectedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

interface Contact {
  addressId: number | null;
  name: string;
  phone: string;
  region: ResolvedRegion;
  address: string;
}

/** The address of a form: an address-book entry of the member's (address_rid), or the new one typed in. */
async function contactOf(
  db: DbOrTx,
  memberId: number,
  input: { address_rid?: string | undefined; name?: string | undefined; phone?: string | undefined; address?: string | undefined } & Parameters<typeof resolveRegion>[0],
  label: string,
): Promise<Contact> {
  if (input.address_rid) {
    const row = await findOwnAddress(db, memberId, input.address_rid);
    return {
      addressId: row.id,
      name: row.name,
      phone: row.phone,
      region: { province: row.province, city: row.city, area: row.area, addressCode: row.addressCode },
      address: row.address,
    };
  }
  // the schema made these required when no address_rid is given
  if (!input.name || !input.phone || !input.address) throw badRequest(`[${label}]不能为空`);
  return { addressId: null, name: input.name, phone: input.phone, region: resolveRegion(input, label), address: input.address };
}

/**
 * sampling/add: a home pickup. The date and slot follow the spec's rules (sampling.ts, the
 * same code the dialog runs) on the server's clock in Asia/Shanghai; the address must lie
 * where pickup is offered (allowRegion). Runs alone or inside the caller's transaction (order/add).
 */
export async function addSampling(db: DbOrTx, memberId: number, input: SamplingAddBody, now: Date): Promise<Sampling> {
  if (input.type === 0) throw new AppError('SELF_SEND', SELF_SEND_MESSAGE);
  const { samplingSetting, allowRegion } = await getSiteSettings(db);
  const date = input.date ?? '';
  const time = input.time ?? '';
  const problem = pickupProblem(date, time, samplingSetting, now);
  if (problem) throw new AppError('PICKUP_UNAVAILABLE', problem);
  const contact = await contactOf(db, memberId, input, '取样地址');
  if (!isAllowedRegion(contact.region.addressCode, allowRegion)) {
    throw new AppError('PICKUP_REGION_CLOSED', input.address_rid ? PICKUP_REGION_CLOSED_MESSAGE : '所选地区暂未开通上门取样服务');
  }
  try {
    const [row] = await db
      .insert(samplings)
      .values({
        rid: randomId(),
        memberId,
        type: 1,
        pickupDate: date,
        timeSlot: time,
        addressId: contact.addressId,
        name: contact.name,
        phone: contact.phone,
        ...contact.region,
        address: contact.address,
        sendAddress: input.sendAddress ?? fullAddress({ ...contact.region, address: contact.address }),
        message: input.message ?? '',
        createdAt: now,
      })
      .returning();
    return toSampling(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('您已预约了该时间段的上门取样，请勿重复提交');
    throw error;
  }
}

/** sampling/list: the member's own pickups, newest first. */
export async function listSamplings(db: DbOrTx, memberId: number, query: SamplingListBody): Promise<Page<Sampling>> {
  const where = and(eq(samplings.memberId, memberId), query.status ? eq(samplings.status, query.status) : undefined);
  return paginate(
    query,
    (w) => db.select().from(samplings).where(where).orderBy(desc(samplings.createdAt), desc(samplings.id)).limit(w.limit).offset(w.offset),
    () => db.$count(samplings, where),
    (rows) => rows.map(toSampling),
  );
}

async function findOwnSampling(db: DbOrTx, memberId: number, rid: string): Promise<SamplingRow> {
  const [row] = await db.select().from(samplings).where(and(eq(samplings.rid, rid), eq(samplings.memberId, memberId))).limit(1);
  if (!row) throw notFound('取样预约');
  return row;
}

const settledMessage: Record<Exclude<SamplingStatus, 'pending'>, string> = {
  collected: '样品已取走，不能取消预约',
  cancelled: '该预约已取消',
};

/** sampling/cancel: only while pending; the guarded update settles a race with a collection. */
export async function cancelSampling(db: Db, memberId: number, rid: string, now: Date): Promise<Sampling> {
  const current = await findOwnSampling(db, memberId, rid);
  const [row] = await db
    .update(samplings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(samplings.id, current.id), eq(samplings.status, 'pending')))
    .returning();
  if (!row) {
    const latest = await findOwnSampling(db, memberId, rid);
    throw conflict(settledMessage[latest.status as Exclude<SamplingStatus, 'pending'>] ?? '该预约状态已变化，请刷新后重试');
  }
  return toSampling(row);
}

/** /api/admin/sampling/list: the pickups of one day, by slot, with who booked them and for which order. */
export async function listSamplingsForDay(db: DbOrTx, date: string, status: SamplingStatus | undefined): Promise<AdminPickup[]> {
  const conditions: SQL[] = [eq(samplings.pickupDate, date)];
  if (status) conditions.push(eq(samplings.status, status));
  const rows = await db
    .select({
      sampling: samplings,
      orderNo: orders.orderNo,
    })
    .from(samplings)
    // through the member's orders (indexed by member), not a scan of every order for its pickup
    .leftJoin(orders, and(eq(orders.memberId, samplings.memberId), eq(orders.samplingId, samplings.id)))
    .where(and(...conditions))
    .orderBy(asc(samplings.timeSlot), asc(samplings.createdAt), asc(samplings.id));
  // who booked and who collected, by id for the day (accounts' face)
  const [people, collectors] = await Promise.all([memberContacts(db, rows.map((r) => r.sampling.memberId)), staffNames(db, rows.map((r) => r.sampling.staffId))]);
  return rows.flatMap((row) => {
    const m = people.get(row.sampling.memberId);
    if (!m) return [];
    const collectedBy = row.sampling.staffId !== null ? (collectors.get(row.sampling.staffId) ?? null) : null;
    return [{ ...toSampling(row.sampling), member: { rid: m.rid, phone: m.phone, name: m.name, company: m.company }, collectedBy, orderNo: row.orderNo }];
  });
}

/** /api/admin/sampling/days: how many pickups each day of a range holds, and the earlier ones never collected. */
export async function pickupCalendar(db: DbOrTx, from: string, to: string, today: string): Promise<PickupCalendar> {
  if (from > to) throw badRequest('开始日期不能晚于结束日期');
  if (to >= addDays(from, PICKUP_CALENDAR_MAX_DAYS)) throw badRequest(`日期范围不能超过${PICKUP_CALENDAR_MAX_DAYS}天`);
  const [perDay, [overdue]] = await Promise.all([
    db
      .select({ date: samplings.pickupDate, status: samplings.status, n: count() })
      .from(samplings)
      .where(and(gte(samplings.pickupDate, from), lte(samplings.pickupDate, to), ne(samplings.status, 'cancelled')))
      .groupBy(samplings.pickupDate, samplings.status)
      .orderBy(asc(samplings.pickupDate)),
    db
      .select({ n: count(), first: min(samplings.pickupDate) })
      .from(samplings)
      .where(and(eq(samplings.status, 'pending'), lt(samplings.pickupDate, today))),
  ]);
  const days = new Map<string, PickupDay>();
  for (const row of perDay) {
    const day = days.get(row.date) ?? { date: row.date, pending: 0, collected: 0 };
    if (row.status === 'pending') day.pending += row.n;
    if (row.status === 'collected') day.collected += row.n;
    days.set(row.date, day);
  }
  return { days: [...days.values()], overdue: { count: overdue?.n ?? 0, first: overdue?.first ?? null } };
}

/** /api/admin/sampling/collect: pending → collected, by whom and when. */
export async function collectSampling(db: Db, staffId: number, rid: string, now: Date): Promise<Sampling> {
  const [row] = await db
    .update(samplings)
    .set({ status: 'collected', staffId, collectedAt: now })
    .where(and(eq(samplings.rid, rid), eq(samplings.status, 'pending')))
    .returning();
  if (row) return toSampling(row);
  const [existing] = await db.select({ status: samplings.status }).from(samplings).where(eq(samplings.rid, rid)).limit(1);
  if (!existing) throw notFound('取样预约');
  throw conflict(existing.status === 'collected' ? '该预约已标记为已取样' : '该预约已取消，不能标记取样');
}

// ---- samples back: sample4recycle ----

export function toRecycle(row: RecycleRow): RecycleRequest {
  return {
    rid: row.rid,
    order_no: row.orderNo,
    samples: row.samples,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    address_code: row.addressCode,
    message: row.message,
    status: row.status,
    statusText: recycleStatusLabels[row.status],
    trackingNo: row.trackingNo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** sample4recycle/add */
export async function addRecycle(db: Db, memberId: number, input: RecycleAddBody, now: Date): Promise<RecycleRequest> {
  if (input.order_no) {
    // the order is read with its owner: the desk sends samples back by this number, so another
    // member's order answers 404 like everywhere else
    const [order] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.orderNo, input.order_no), eq(orders.memberId, memberId))).limit(1);
    if (!order) throw notFound('订单');
  }
  const contact = await contactOf(db, memberId, input, '收件地址');
  const [row] = await db
    .insert(sampleRecycles)
    .values({
      rid: randomId(),
      memberId,
      orderNo: input.order_no ?? null,
      samples: input.samples,
      name: contact.name,
      phone: contact.phone,
      ...contact.region,
      address: contact.address,
      message: input.message ?? '',
      createdAt: now,
    })
    .returning();
  return toRecycle(row!);
}

/** sample4recycle/list4person */
export async function listRecycles(db: DbOrTx, memberId: number, query: { page: number; pageSize: number }): Promise<Page<RecycleRequest>> {
  const where = eq(sampleRecycles.memberId, memberId);
  return paginate(
    query,
    (w) => db.select().from(sampleRecycles).where(where).orderBy(desc(sampleRecycles.createdAt), desc(sampleRecycles.id)).limit(w.limit).offset(w.offset),
    () => db.$count(sampleRecycles, where),
    (rows) => rows.map(toRecycle),
  );
}
