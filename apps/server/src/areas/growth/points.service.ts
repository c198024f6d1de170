import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  emptyMessage,
  maskPhone,
  pointsEntryLabels,
  type adminExchangeItemBody,
  type adminPointsDecisionBody,
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
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { members } from '../accounts/accounts.tables';
import { grant as grantCoupon } from '../funds';
import { accounts, couponTemplates, ledgerEntries } from '../funds/funds.tables';
import { creditAccount, debitAccount, ensureAccount, type Actor } from '../funds';
import { fullAddress } from '../member';
import { memberAddresses } from '../member/member.tables';
import { postMessage } from '../messages';
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
export type PageInput = { page: number; pageSize: number };

export type ItemRow = typeof exchangeItems.$inferSelect;
export type ExchangeRow = typeof pointsExchanges.$inferSelect;
export type ApplicationRow = typeof pointsApplications.$inferSelect;

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

export const POINTS_LINK = '/member/integral';
const memberActor = (memberId: number): Actor => ({ kind: 'member', id: memberId });
export const staffActor = (staffId: number): Actor => ({ kind: 'staff', id: staffId });

export const pointsAccount = (db: DbOrTx, memberId: number) => ensureAccount(db, 'member', memberId, 'points');

export async function pageOf<T, R>(rows: Promise<R[]>, total: Promise<{ n: number }[]>, query: PageInput, view: (rows: R[]) => T[] | Promise<T[]>): Promise<Page<T>> {
  const [list, [counted]] = await Promise.all([rows, total]);
  return { list: await view(list), total: counted?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

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
  return pageOf(
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ledgerEntries).where(where),
    query,
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

export function itemView(row: ItemRow, balance: number): ExchangeItem {
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

export function exchangeView(row: ExchangeRow, item: Pick<ItemRow, 'name' | 'kind'>): ExchangeRecord {
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
  return pageOf(
    db
      .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind })
      .from(pointsExchanges)
      .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
      .where(where)
      .orderBy(desc(pointsExchanges.createdAt), desc(pointsExchanges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(pointsExchanges).where(where),
    query,
    (rows) => rows.map((r) => exchangeView(r.e, r)),
  );
}

// ---- transfer ----

/** What precedes the giver's memo in both ledger notes and the recipient's message (注销账号 erases the giver's own copy). */
export const TRANSFER_MEMO = '，留言：';

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
  const note = input.note ? `${TRANSFER_MEMO}${input.note}` : '';
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

export function applicationView(row: ApplicationRow): PointsApplication {
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
  return pageOf(
    db
      .select()
      .from(pointsApplications)
      .where(where)
      .orderBy(desc(pointsApplications.createdAt), desc(pointsApplications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(pointsApplications).where(where),
    query,
    (rows) => rows.map(applicationView),
  );
}
