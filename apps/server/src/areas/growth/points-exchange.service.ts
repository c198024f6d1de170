import { and, asc, desc, eq, count, sql } from 'drizzle-orm';
import { emptyMessage, type ExchangeItem, type ExchangeRecord, type Page } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { debitAccount, findCouponTemplate, grant as grantCoupon } from '../funds';
import { findOwnAddress, fullAddress } from '../member';
import { postMessage } from '../messages';
import { exchangeItems, pointsExchanges } from './growth.tables';
import {
  asPointsError,
  exchangeStatusLabels,
  memberActor,
  pageOf,
  pointsAccount,
  pointsTooLow,
  POINTS_LINK,
  SOLD_OUT,
  type ExchangeBody,
  type ExchangeRow,
  type ItemRow,
  type PageInput,
} from './points.service';

/** The exchange catalogue (积分商城) for members: the items, exchanging one, what I exchanged (points-admin.service.ts has the staff's side). */

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
  let address: Awaited<ReturnType<typeof findOwnAddress>> | undefined;
  if (item.kind === 'gift') {
    if (!input.address_rid) throw badRequest(emptyMessage('收货地址'));
    address = await findOwnAddress(db, memberId, input.address_rid).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? notFound('收货地址') : error;
    });
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
      const template = item.couponTemplateId ? await findCouponTemplate(tx, { id: item.couponTemplateId }, { active: true }) : null;
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
