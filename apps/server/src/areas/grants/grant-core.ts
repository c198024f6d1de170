import { and, eq, sql, sum } from 'drizzle-orm';
import { GRANT_CARD_EXPIRED_MESSAGE, labDay, type AllowancePeriod } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import { communityRef, findOwnedCommunity } from '../member';
import { grantCards, grantUsage, type grantAllowances } from './grants.tables';

/** What the grants area's files share: the rows, the lab month, what an allowance or a card has spent. */

export type CardRow = typeof grantCards.$inferSelect;
export type AllowanceRow = typeof grantAllowances.$inferSelect;

/** YYYY-MM of the lab's calendar (Asia/Shanghai) */
export const labMonth = (at: Date) => labDay(at).slice(0, 7);

export const cardExpired = (card: Pick<CardRow, 'endDate'>, now: Date) => card.endDate < labDay(now);

export function assertCardLive(card: Pick<CardRow, 'endDate'>, now: Date): void {
  if (cardExpired(card, now)) throw new AppError('CARD_EXPIRED', GRANT_CARD_EXPIRED_MESSAGE, { status: 409 });
}

/** What the allowance has spent in its period (the month of `now` for a monthly one), refunds taken off. */
export async function allowanceSpent(db: DbOrTx, allowance: Pick<AllowanceRow, 'id' | 'period'>, now: Date, period: AllowancePeriod = allowance.period): Promise<number> {
  const [row] = await db
    .select({ total: sum(grantUsage.amountFen) })
    .from(grantUsage)
    .where(and(eq(grantUsage.allowanceId, allowance.id), period === 'month' ? eq(grantUsage.month, labMonth(now)) : undefined));
  return Number(row?.total ?? 0);
}

/** What the cards have booked in all (refunds taken off), by card id. */
export async function cardsUsed(db: DbOrTx, cardIds: number[]): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({ cardId: grantUsage.cardId, total: sum(grantUsage.amountFen) })
    .from(grantUsage)
    .where(sql`${grantUsage.cardId} in ${cardIds}`)
    .groupBy(grantUsage.cardId);
  return new Map(rows.map((r) => [r.cardId, Number(r.total ?? 0)]));
}

/**
 * A card by rid whose community the member owns (another's card reads as not found);
 * `lock` holds the card's row until the transaction ends (its cap is checked under it).
 */
export async function findOwnedCard(db: DbOrTx, memberId: number, rid: string, lock = false) {
  const query = db.select().from(grantCards).where(eq(grantCards.rid, rid)).limit(1);
  const [card] = lock ? await query.for('update') : await query;
  if (!card) throw notFound('经费卡');
  const community = await communityRef(db, { id: card.communityId });
  if (!community || community.ownerMemberId !== memberId || community.status !== 'active') throw notFound('经费卡');
  return { card, community };
}

/** The active community by rid the member owns (else 404). */
export async function ownedCommunityOf(db: DbOrTx, memberId: number, rid: string) {
  try {
    const community = await findOwnedCommunity(db, memberId, rid);
    if (community.status !== 'active') throw notFound('科研团体');
    return community;
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') throw notFound('科研团体');
    throw error;
  }
}
