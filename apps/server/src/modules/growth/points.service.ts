import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  emptyMessage,
  formatFen,
  maskPhone,
  pointsEntryLabels,
  type adminExchangeItemBody,
  type adminPointsDecisionBody,
  type AdminExchangeItem,
  type AdminExchangeItemEditBody,
  type AdminExchangeRecord,
  type AdminPointsApplication,
  type exchangeBody,
  type ExchangeItem,
  type ExchangeRecord,
  type Page,
  type pointsApplyBody,
  type PointsApplication,
  type PointsEntry,
  type PointsOverview,
  type pointsTransferBody,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import { members } from '../auth/auth.tables';
import { grant as grantCoupon } from '../funds/coupons.service';
import { accounts, couponTemplates, ledgerEntries } from '../funds/funds.tables';
import { creditAccount, debitAccount, ensureAccount, lockedBalance, systemActor, type Actor } from '../funds/ledger.service';
import { fullAddress } from '../member/addresses.service';
import { memberAddresses } from '../member/member.tables';
import { postMessage } from '../messages/messages.service';
import type { OrderRow } from '../orders/order-core';
import { exchangeItems, orderPoints, pointsApplications, pointsExchanges } from './growth.tables';
import { getGrowthSettings } from './settings.service';

/**
 * Points (积分). A member's points are their 'points' ledger account (amounts are whole
 * points): earned on paid orders once they complete (pending in order_points until then, dropped
 * if the order is refunded first), awarded for an acknowledged paper,
 * transferred between members, spent on the exchange catalogue. Every change is a ledger
 * entry with its own reference, so nothing is booked twice and the balance never goes negative.
 */

export type PointsApplyBody = z.infer<typeof pointsApplyBody>;
export type PointsTransferBody = z.infer<typeof pointsTransferBody>;
export type ExchangeBody = z.infer<typeof exchangeBody>;
export type AdminPointsDecisionBody = z.infer<typeof adminPointsDecisionBody>;
export type AdminExchangeItemBody = z.infer<typeof adminExchangeItemBody>;
type PageInput = { page: number; pageSize: number };

type ItemRow = typeof exchangeItems.$inferSelect;
type ExchangeRow = typeof pointsExchanges.$inferSelect;
type ApplicationRow = typeof pointsApplications.$inferSelect;

export const POINTS_TOO_LOW = '积分不足';
/** One answer for an unknown phone, a wrong name and a closed account: the call tells none of them apart. */
export const RECIPIENT_MISMATCH = '对方手机号与姓名不匹配，请核对后再试';
export const SOLD_OUT = '该商品已兑完';

const pointsTooLow = () => new AppError('POINTS_TOO_LOW', POINTS_TOO_LOW, { status: 409 });
/** The ledger's overdraft refusal speaks of prepaid funds; for points it is 积分不足. */
const asPointsError = (error: unknown) => (error instanceof AppError && error.code === 'BALANCE_TOO_LOW' ? pointsTooLow() : error);

export const exchangeStatusLabels: Record<ExchangeRecord['status'], string> = { done: '已兑换', to_ship: '待发货', shipped: '已发货' };
export const applicationStatusLabels: Record<PointsApplication['status'], string> = { pending: '审核中', approved: '已通过', refused: '未通过' };
/** the image an item shows when staff add it without one */
export const defaultItemImage = (kind: ItemRow['kind']) => (kind === 'coupon' ? '/upload/img/points/coupon.svg' : '/upload/img/points/gift.svg');

const POINTS_LINK = '/member/integral';
const memberActor = (memberId: number): Actor => ({ kind: 'member', id: memberId });
const staffActor = (staffId: number): Actor => ({ kind: 'staff', id: staffId });

export const pointsAccount = (db: DbOrTx, memberId: number) => ensureAccount(db, 'member', memberId, 'points');

// ---- overview and history ----

const EARNING_TYPES = ['points_earn', 'points_award', 'points_transfer_in'] as const;
const SPENDING_TYPES = ['points_exchange', 'points_transfer_out'] as const;

/** web/integration/init: balance, the earning rate, totals (earned net of refunds taken back; spent on exchanges and transfers), and the points waiting for their orders to complete. */
export async function pointsOverview(db: DbOrTx, memberId: number): Promise<PointsOverview> {
  const account = await pointsAccount(db, memberId);
  const [[sums], [pending], [waiting], settings] = await Promise.all([
    db
      .select({
        earned: sql<string>`coalesce(sum(case when ${inArray(ledgerEntries.type, [...EARNING_TYPES])} or (${ledgerEntries.type} = 'adjustment' and ${ledgerEntries.amountFen} > 0) then ${ledgerEntries.amountFen} when ${ledgerEntries.type} = 'points_reverse' then ${ledgerEntries.amountFen} else 0 end), 0)`,
        spent: sql<string>`coalesce(sum(case when ${inArray(ledgerEntries.type, [...SPENDING_TYPES])} or (${ledgerEntries.type} = 'adjustment' and ${ledgerEntries.amountFen} < 0) then -${ledgerEntries.amountFen} else 0 end), 0)`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id)),
    db.select({ n: count() }).from(pointsApplications).where(and(eq(pointsApplications.memberId, memberId), eq(pointsApplications.status, 'pending'))),
    db
      .select({ points: sql<string>`coalesce(sum(${orderPoints.points}), 0)`, orders: count() })
      .from(orderPoints)
      .where(and(eq(orderPoints.memberId, memberId), eq(orderPoints.status, 'pending'))),
    getGrowthSettings(db),
  ]);
  return {
    balance: Number(account.balanceFen),
    pointsPerYuan: settings.pointsPerYuan,
    earned: Number(sums?.earned ?? 0),
    spent: Number(sums?.spent ?? 0),
    pendingApplications: pending?.n ?? 0,
    pendingPoints: Number(waiting?.points ?? 0),
    pendingOrders: waiting?.orders ?? 0,
  };
}

/** web/integration/list: every change of my points, newest first. */
export async function listPointsEntries(db: DbOrTx, memberId: number, query: PageInput): Promise<Page<PointsEntry>> {
  const account = await pointsAccount(db, memberId);
  const where = eq(ledgerEntries.accountId, account.id);
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(ledgerEntries, where),
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        type: row.type,
        typeText: (pointsEntryLabels as Record<string, string>)[row.type] ?? row.type,
        points: Number(row.amountFen),
        balanceAfter: Number(row.balanceAfterFen),
        note: row.note,
        createdAt: row.createdAt.toISOString(),
      })),
  );
}

// ---- the exchange catalogue ----

const remainingOf = (row: ItemRow) => (row.stock === null ? null : Math.max(0, row.stock - row.exchangedCount));

function itemView(row: ItemRow, balance: number): ExchangeItem {
  const stock = remainingOf(row);
  return {
    rid: row.rid,
    name: row.name,
    kind: row.kind,
    description: row.description,
    img: row.img,
    points: row.points,
    stock,
    available: row.active === 1 && stock !== 0 && balance >= row.points,
  };
}

/** web/integration/list4exchange: the active items, with whether I can exchange each now. */
export async function listExchangeItems(db: DbOrTx, memberId: number): Promise<ExchangeItem[]> {
  const [rows, account] = await Promise.all([
    db.select().from(exchangeItems).where(eq(exchangeItems.active, 1)).orderBy(asc(exchangeItems.sort), asc(exchangeItems.id)),
    pointsAccount(db, memberId),
  ]);
  return rows.map((row) => itemView(row, Number(account.balanceFen)));
}

function exchangeView(row: ExchangeRow, item: Pick<ItemRow, 'name' | 'kind'>): ExchangeRecord {
  return {
    rid: row.rid,
    itemName: item.name,
    kind: item.kind,
    points: row.points,
    status: row.status,
    statusText: exchangeStatusLabels[row.status],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * integration/applyExchange, atomically: the item's stock is taken by a guarded
 * `UPDATE … SET exchanged_count = exchanged_count + 1 WHERE … exchanged_count < stock`
 * (the row lock serialises racing members: of any number exchanging the last one, one wins),
 * the points are debited (guarded, never below zero), a coupon item issues its coupon, a gift
 * records the mailing address as it is now — all in one transaction, or nothing.
 */
export async function applyExchange(db: Db, memberId: number, input: ExchangeBody, now: Date): Promise<ExchangeRecord> {
  const [item] = await db
    .select()
    .from(exchangeItems)
    .where(and(eq(exchangeItems.rid, input.rid), eq(exchangeItems.active, 1)))
    .limit(1);
  if (!item) throw notFound('兑换商品');
  let address: typeof memberAddresses.$inferSelect | undefined;
  if (item.kind === 'gift') {
    if (!input.address_rid) throw badRequest(emptyMessage('收货地址'));
    [address] = await db
      .select()
      .from(memberAddresses)
      .where(and(eq(memberAddresses.rid, input.address_rid), eq(memberAddresses.memberId, memberId)))
      .limit(1);
    if (!address) throw notFound('收货地址');
  }
  const rid = randomId();
  return db.transaction(async (tx) => {
    const account = await pointsAccount(tx, memberId);
    if (Number(account.balanceFen) < item.points) throw pointsTooLow();
    const [taken] = await tx
      .update(exchangeItems)
      .set({ exchangedCount: sql`${exchangeItems.exchangedCount} + 1` })
      .where(and(eq(exchangeItems.id, item.id), eq(exchangeItems.active, 1), sql`(${exchangeItems.stock} IS NULL OR ${exchangeItems.exchangedCount} < ${exchangeItems.stock})`))
      .returning({ id: exchangeItems.id });
    if (!taken) throw conflict(SOLD_OUT);
    await debitAccount(tx, account.id, item.points, 'points_exchange', `exchange:${rid}`, memberActor(memberId), now, `兑换「${item.name}」`).catch((error: unknown) => {
      throw asPointsError(error);
    });
    if (item.kind === 'coupon') {
      const [template] = item.couponTemplateId
        ? await tx
            .select()
            .from(couponTemplates)
            .where(and(eq(couponTemplates.id, item.couponTemplateId), eq(couponTemplates.active, true)))
            .limit(1)
        : [];
      if (!template) throw conflict('该优惠券已停止兑换');
      await grantCoupon(tx, template, memberId, now, null);
    }
    const [row] = await tx
      .insert(pointsExchanges)
      .values({
        rid,
        memberId,
        itemId: item.id,
        points: item.points,
        status: item.kind === 'coupon' ? 'done' : 'to_ship',
        addressId: address?.id ?? null,
        shipTo: address ? `${address.name} ${address.phone} ${fullAddress(address)}` : null,
        createdAt: now,
      })
      .returning();
    await postMessage(
      tx,
      memberId,
      {
        kind: 'points',
        title: '积分兑换成功',
        content:
          item.kind === 'coupon'
            ? `您已使用${item.points}积分兑换「${item.name}」，优惠券已放入您的账户，可在我的优惠券中查看。`
            : `您已使用${item.points}积分兑换「${item.name}」，我们将尽快寄出，请留意物流信息。`,
        link: item.kind === 'coupon' ? '/member/coupon' : POINTS_LINK,
      },
      now,
    );
    return exchangeView(row!, item);
  });
}

/** integration/exchanges: what I exchanged, newest first. */
export async function listMyExchanges(db: DbOrTx, memberId: number, query: PageInput): Promise<Page<ExchangeRecord>> {
  const where = eq(pointsExchanges.memberId, memberId);
  return paginate(
    query,
    (w) =>
      db
        .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind })
        .from(pointsExchanges)
        .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
        .where(where)
        .orderBy(desc(pointsExchanges.createdAt), desc(pointsExchanges.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(pointsExchanges, where),
    (rows) => rows.map((r) => exchangeView(r.e, r)),
  );
}

// ---- transfer ----

/**
 * integration/transfer: points to another member by phone, in one transaction — both
 * accounts locked in id order (two opposite transfers cannot deadlock), the guarded debit
 * (points_transfer_out) and the credit (points_transfer_in) under one reference.
 */
export async function transferPoints(db: Db, memberId: number, input: PointsTransferBody, now: Date): Promise<PointsOverview> {
  const [me] = await db.select({ phone: members.phone }).from(members).where(eq(members.id, memberId)).limit(1);
  if (me?.phone === input.phone) throw badRequest('不能转赠给自己');
  const [target] = await db.select({ id: members.id, name: members.name, disabled: members.disabled }).from(members).where(eq(members.phone, input.phone)).limit(1);
  if (!target || target.disabled || target.name?.trim() !== input.name) throw new AppError('NOT_FOUND', RECIPIENT_MISMATCH);
  const reference = `transfer:${randomId()}`;
  const note = input.note ? `，留言：${input.note}` : '';
  await db.transaction(async (tx) => {
    const from = await pointsAccount(tx, memberId);
    const to = await pointsAccount(tx, target.id);
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(inArray(accounts.id, [from.id, to.id]))
      .orderBy(asc(accounts.id))
      .for('update');
    await debitAccount(tx, from.id, input.points, 'points_transfer_out', reference, memberActor(memberId), now, `转赠给${maskPhone(input.phone)}${note}`).catch((error: unknown) => {
      throw asPointsError(error);
    });
    await creditAccount(tx, to.id, input.points, 'points_transfer_in', reference, memberActor(memberId), now, `来自${maskPhone(me?.phone ?? '')}的转赠${note}`);
    await postMessage(
      tx,
      target.id,
      { kind: 'points', title: '您收到一笔积分转赠', content: `${maskPhone(me?.phone ?? '')}向您转赠了${input.points}积分${note}。`, link: POINTS_LINK },
      now,
    );
  });
  return pointsOverview(db, memberId);
}

// ---- applications (致谢奖励) ----

function applicationView(row: ApplicationRow): PointsApplication {
  return {
    rid: row.rid,
    title: row.title,
    journal: row.journal,
    doi: row.doi,
    status: row.status,
    statusText: applicationStatusLabels[row.status],
    points: row.points,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** integration/apply: a pending application; the same paper cannot be pending or rewarded twice. */
export async function applyForPoints(db: Db, memberId: number, input: PointsApplyBody, now: Date): Promise<PointsApplication> {
  const [same] = await db
    .select({ id: pointsApplications.id })
    .from(pointsApplications)
    .where(and(eq(pointsApplications.memberId, memberId), eq(pointsApplications.title, input.title), inArray(pointsApplications.status, ['pending', 'approved'])))
    .limit(1);
  if (same) throw conflict('该论文已提交过申请，请勿重复提交');
  const [row] = await db
    .insert(pointsApplications)
    .values({ rid: randomId(), memberId, title: input.title, journal: input.journal, doi: input.doi ?? '', publishedOn: input.published_on ?? null, createdAt: now })
    .returning();
  return applicationView(row!);
}

/** integration/applications: mine, newest first. */
export async function listMyApplications(db: DbOrTx, memberId: number, query: PageInput): Promise<Page<PointsApplication>> {
  const where = eq(pointsApplications.memberId, memberId);
  return paginate(
    query,
    (w) =>
      db
        .select()
        .from(pointsApplications)
        .where(where)
        .orderBy(desc(pointsApplications.createdAt), desc(pointsApplications.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(pointsApplications, where),
    (rows) => rows.map(applicationView),
  );
}

export type { AdminPointsApplication, AdminExchangeItem, AdminExchangeRecord };

/** Staff: applications (pending first when no status is asked for), with the applicant. */
export async function adminListApplications(db: DbOrTx, query: PageInput & { status?: PointsApplication['status'] | undefined }): Promise<Page<AdminPointsApplication>> {
  const where = query.status ? eq(pointsApplications.status, query.status) : undefined;
  return paginate(
    query,
    (w) =>
      db
        .select({ a: pointsApplications, rid: members.rid, name: members.name, nickname: members.nickname, phone: members.phone })
        .from(pointsApplications)
        .innerJoin(members, eq(members.id, pointsApplications.memberId))
        .where(where)
        .orderBy(sql`case when ${pointsApplications.status} = 'pending' then 0 else 1 end`, desc(pointsApplications.createdAt), desc(pointsApplications.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(pointsApplications, where),
    (rows) =>
      rows.map((r) => ({
        ...applicationView(r.a),
        publishedOn: r.a.publishedOn,
        member: { rid: r.rid, name: r.name || r.nickname, phone: r.phone },
        decidedAt: r.a.decidedAt?.toISOString() ?? null,
        version: r.a.version,
      })),
  );
}

/** The pending application, locked, as the staff member saw it (its version) — or why not. */
async function lockPending(tx: Tx, input: { rid: string; version: number }): Promise<ApplicationRow> {
  const [row] = await tx.select().from(pointsApplications).where(eq(pointsApplications.rid, input.rid)).for('update');
  if (!row) throw notFound('积分申请');
  if (row.status !== 'pending') throw conflict(`该申请${applicationStatusLabels[row.status]}，不能再处理`);
  if (row.version !== input.version) throw decisionChanged();
  return row;
}

/** Staff: approve with the points awarded (points_award, reference points-apply:<rid>) and tell the member. */
export async function approveApplication(db: DbOrTx, staffId: number, input: AdminPointsDecisionBody, now: Date): Promise<PointsApplication> {
  const points = input.points;
  if (points === undefined) throw badRequest(emptyMessage('奖励积分'));
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const account = await pointsAccount(tx, row.memberId);
    await creditAccount(tx, account.id, points, 'points_award', `points-apply:${row.rid}`, staffActor(staffId), now, `论文致谢奖励：${row.title}`);
    const [updated] = await tx
      .update(pointsApplications)
      .set({ status: 'approved', points, reason: input.reason ?? null, decidedBy: staffId, decidedAt: now })
      .where(and(eq(pointsApplications.id, row.id), eq(pointsApplications.status, 'pending')))
      .returning();
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分申请已通过', content: `您的论文「${row.title}」致谢奖励申请已通过，获得${points}积分。`, link: POINTS_LINK },
      now,
    );
    return applicationView(updated!);
  });
}

/** Staff: refuse with a reason, and tell the member. */
export async function refuseApplication(db: DbOrTx, staffId: number, input: AdminPointsDecisionBody, now: Date): Promise<PointsApplication> {
  const reason = input.reason;
  if (!reason) throw badRequest(emptyMessage('原因'));
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const [updated] = await tx
      .update(pointsApplications)
      .set({ status: 'refused', reason, decidedBy: staffId, decidedAt: now })
      .where(and(eq(pointsApplications.id, row.id), eq(pointsApplications.status, 'pending')))
      .returning();
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分申请未通过', content: `您的论文「${row.title}」致谢奖励申请未通过，原因：${reason}。`, link: POINTS_LINK },
      now,
    );
    return applicationView(updated!);
  });
}

// ---- staff: catalogue and shipping ----

function adminItemView(row: ItemRow, templateRid: string | null): AdminExchangeItem {
  const { available: _available, ...view } = itemView(row, 0);
  void _available;
  return { ...view, couponTemplateRid: templateRid, totalStock: row.stock, exchangedCount: row.exchangedCount, active: row.active === 1, sort: row.sort };
}

/** Staff: every item of the catalogue (active first), with what was exchanged. */
export async function adminListItems(db: DbOrTx): Promise<AdminExchangeItem[]> {
  const rows = await db
    .select({ item: exchangeItems, templateRid: couponTemplates.rid })
    .from(exchangeItems)
    .leftJoin(couponTemplates, eq(couponTemplates.id, exchangeItems.couponTemplateId))
    .orderBy(desc(exchangeItems.active), asc(exchangeItems.sort), asc(exchangeItems.id));
  return rows.map((r) => adminItemView(r.item, r.templateRid));
}

/** Staff: a new item; a coupon item names an active coupon template. */
export async function addExchangeItem(db: DbOrTx, input: AdminExchangeItemBody & { img?: string; sort?: number }, now: Date): Promise<AdminExchangeItem> {
  let template: { id: number; rid: string } | undefined;
  if (input.kind === 'coupon') {
    if (!input.coupon_template_rid) throw badRequest(emptyMessage('优惠券模板'));
    [template] = await db
      .select({ id: couponTemplates.id, rid: couponTemplates.rid })
      .from(couponTemplates)
      .where(and(eq(couponTemplates.rid, input.coupon_template_rid), eq(couponTemplates.active, true)))
      .limit(1);
    if (!template) throw notFound('优惠券模板');
  }
  const [row] = await db
    .insert(exchangeItems)
    .values({
      rid: randomId(),
      name: input.name,
      kind: input.kind,
      couponTemplateId: template?.id ?? null,
      description: input.description ?? '',
      img: input.img ?? defaultItemImage(input.kind),
      points: input.points,
      stock: input.stock ?? null,
      sort: input.sort ?? 0,
      createdAt: now,
    })
    .returning();
  return adminItemView(row!, template?.rid ?? null);
}

/** The catalogue item by rid for staff, with its coupon template's rid. */
async function adminItem(db: DbOrTx, itemId: number): Promise<AdminExchangeItem> {
  const [row] = await db
    .select({ item: exchangeItems, templateRid: couponTemplates.rid })
    .from(exchangeItems)
    .leftJoin(couponTemplates, eq(couponTemplates.id, exchangeItems.couponTemplateId))
    .where(eq(exchangeItems.id, itemId))
    .limit(1);
  if (!row) throw notFound('兑换商品');
  return adminItemView(row.item, row.templateRid);
}

/**
 * Staff: edit an item's name, text, picture, points, stock and order (its kind and coupon
 * template stay). The total stock may not drop below what members already exchanged: checked
 * in the same guarded UPDATE that racing exchanges increment, so neither can slip past the other.
 */
export async function editExchangeItem(db: DbOrTx, input: AdminExchangeItemEditBody): Promise<AdminExchangeItem> {
  const [found] = await db.select({ id: exchangeItems.id, kind: exchangeItems.kind }).from(exchangeItems).where(eq(exchangeItems.rid, input.rid)).limit(1);
  if (!found) throw notFound('兑换商品');
  const stock = input.stock ?? null;
  const [updated] = await db
    .update(exchangeItems)
    .set({
      name: input.name,
      description: input.description ?? '',
      img: input.img ?? defaultItemImage(found.kind),
      points: input.points,
      stock,
      ...(input.sort === undefined ? {} : { sort: input.sort }),
    })
    .where(and(eq(exchangeItems.id, found.id), stock === null ? undefined : sql`${exchangeItems.exchangedCount} <= ${stock}`))
    .returning({ id: exchangeItems.id });
  if (!updated) {
    const [current] = await db.select({ exchanged: exchangeItems.exchangedCount }).from(exchangeItems).where(eq(exchangeItems.id, found.id));
    throw conflict(`库存不能少于已兑换的数量（${current?.exchanged ?? 0}）`);
  }
  return adminItem(db, found.id);
}

/** Staff: withdraw an item from the catalogue (members no longer see or exchange it) or put it back; exchanges made stay. */
export async function setExchangeItemActive(db: DbOrTx, input: { rid: string; active: boolean }): Promise<AdminExchangeItem> {
  const [updated] = await db
    .update(exchangeItems)
    .set({ active: input.active ? 1 : 0 })
    .where(eq(exchangeItems.rid, input.rid))
    .returning({ id: exchangeItems.id });
  if (!updated) throw notFound('兑换商品');
  return adminItem(db, updated.id);
}

/** Staff: exchanges (gifts to ship first when no status is asked for). */
export async function adminListExchanges(db: DbOrTx, query: PageInput & { status?: ExchangeRecord['status'] | undefined }): Promise<Page<AdminExchangeRecord>> {
  const where: SQL | undefined = query.status ? eq(pointsExchanges.status, query.status) : undefined;
  return paginate(
    query,
    (w) =>
      db
        .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind, memberRid: members.rid, memberName: members.name, nickname: members.nickname, phone: members.phone })
        .from(pointsExchanges)
        .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
        .innerJoin(members, eq(members.id, pointsExchanges.memberId))
        .where(where)
        .orderBy(sql`case when ${pointsExchanges.status} = 'to_ship' then 0 else 1 end`, desc(pointsExchanges.createdAt), desc(pointsExchanges.id))
        .limit(w.limit)
        .offset(w.offset),
    () => db.$count(pointsExchanges, where),
    (rows) => rows.map((r) => ({ ...exchangeView(r.e, r), shipTo: r.e.shipTo, member: { rid: r.memberRid, name: r.memberName || r.nickname, phone: r.phone } })),
  );
}

/** Staff: a gift was mailed (to_ship → shipped), and the member is told. */
export async function shipExchange(db: Db, input: { rid: string; note?: string | undefined }, now: Date): Promise<ExchangeRecord> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind })
      .from(pointsExchanges)
      .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
      .where(eq(pointsExchanges.rid, input.rid))
      .limit(1);
    if (!found) throw notFound('兑换记录');
    const [row] = await tx
      .update(pointsExchanges)
      .set({ status: 'shipped' })
      .where(and(eq(pointsExchanges.id, found.e.id), eq(pointsExchanges.status, 'to_ship')))
      .returning();
    if (!row) throw conflict(`该兑换${exchangeStatusLabels[found.e.status]}，不能发货`);
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分兑换礼品已发货', content: `您兑换的「${found.name}」已寄出${input.note ? `（${input.note}）` : ''}，请注意查收。`, link: POINTS_LINK },
      now,
    );
    return exchangeView(row, found);
  });
}

// ---- order hooks (inside the order's transaction) ----

/** the reference of an order's payment (cancel-core's orderPaymentReference; not imported: cancel-core imports the hooks) */
const orderReference = (orderNo: string) => `order:${orderNo}`;

/**
 * paid: floor(paid yuan) × points per yuan, recorded once per order as pending — not in the
 * points account, so they cannot be spent, exchanged or given away before the order is final.
 * An order paid after it completed (settled after testing) is final already: credited at once.
 */
export async function pointsOnPaid(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const { pointsPerYuan } = await getGrowthSettings(tx);
  const points = Math.floor(order.paidFen / 100) * pointsPerYuan;
  if (points <= 0) return;
  const [created] = await tx
    .insert(orderPoints)
    .values({ memberId: order.memberId, orderId: order.id, points, createdAt: now })
    .onConflictDoNothing({ target: orderPoints.orderId })
    .returning();
  if (created && order.progress === 'completed') await creditPending(tx, order, now);
}

/** pending → credited, guarded on 'pending' (a second call books nothing); the points_earn entry under order:<no>. */
async function creditPending(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [moved] = await tx
    .update(orderPoints)
    .set({ status: 'credited', creditedAt: now })
    .where(and(eq(orderPoints.orderId, order.id), eq(orderPoints.status, 'pending')))
    .returning();
  if (!moved) return;
  const account = await pointsAccount(tx, order.memberId);
  await creditAccount(tx, account.id, moved.points, 'points_earn', orderReference(order.orderNo), systemActor, now, `订单${order.orderNo}已完成（实付${formatFen(order.paidFen)}）`);
}

/** completed: the order's pending points become available. */
export async function pointsOnCompleted(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  await creditPending(tx, order, now);
}

/**
 * refunded: pending points are dropped (nothing was booked, so nothing can have been spent).
 * An order can be refunded only before it completes, so credited points meet a refund only
 * when they were credited at payment, before points waited for the order (rows backfilled by
 * migration 0013): those are taken back as far as the balance still holds, and the entry's
 * note says what could not be. Booked once per order (reference order:<no>).
 */
export async function pointsOnRefunded(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const [row] = await tx.select().from(orderPoints).where(eq(orderPoints.orderId, order.id)).for('update');
  if (!row || row.status === 'reversed') return;
  await tx.update(orderPoints).set({ status: 'reversed', reversedAt: now }).where(eq(orderPoints.id, row.id));
  if (row.status === 'pending') return;
  const account = await pointsAccount(tx, order.memberId);
  const balance = await lockedBalance(tx, 'member', order.memberId, 'points');
  const take = Math.min(row.points, balance);
  if (take <= 0) return;
  const shortfall = row.points - take;
  const note = `订单${order.orderNo}退款，扣回${take}积分${shortfall > 0 ? `（应扣回${row.points}积分，余额不足，${shortfall}积分未扣回）` : ''}`;
  await debitAccount(tx, account.id, take, 'points_reverse', orderReference(order.orderNo), systemActor, now, note);
}
