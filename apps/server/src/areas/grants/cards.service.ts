import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ALLOWANCE_BELOW_SPENT_MESSAGE,
  formatFen,
  labDay,
  type GrantAllowance,
  type GrantAllowanceBody,
  type GrantCard,
  type GrantCardSaveBody,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { memberByRid } from '../accounts';
import { assertApprovedMember, listCommunityMembers } from '../member';
import { allowanceSpent, cardExpired, cardsUsed, findOwnedCard, ownedCommunityOf, type CardRow } from './grant-core';
import { grantAllowances, grantCards } from './grants.tables';

/** The owner's grant cards (经费卡) and the members' allowances on them (issue 34). */

function toCardView(card: CardRow, community: { rid: string; name: string }, usedFen: number, now: Date): GrantCard {
  return {
    rid: card.rid,
    communityRid: community.rid,
    communityName: community.name,
    name: card.name,
    number: card.number,
    endDate: card.endDate,
    expired: cardExpired(card, now),
    capFen: card.capFen,
    usedFen,
  };
}

/** grant/cards: the community's cards, newest first. */
export async function listCards(db: DbOrTx, memberId: number, communityRid: string, now: Date): Promise<GrantCard[]> {
  const community = await ownedCommunityOf(db, memberId, communityRid);
  const cards = await db.select().from(grantCards).where(eq(grantCards.communityId, community.id)).orderBy(asc(grantCards.id));
  const used = await cardsUsed(db, cards.map((c) => c.id));
  return cards.map((c) => toCardView(c, community, used.get(c.id) ?? 0, now)).reverse();
}

/**
 * grant/card/save: a new card, or a change of one. An end date already past is refused (an
 * expired card pays nothing), and so is a cap below what the card has booked.
 */
export async function saveCard(db: Db, memberId: number, body: GrantCardSaveBody, now: Date): Promise<GrantCard> {
  const community = await ownedCommunityOf(db, memberId, body.community_rid);
  if (body.end_date < labDay(now)) throw badRequest(`经费卡已过期：截止日期${body.end_date}早于今天，不能保存`);
  return db.transaction(async (tx) => {
    const values = { name: body.name, number: body.number, endDate: body.end_date, capFen: body.cap ?? null, updatedAt: now };
    let card: CardRow;
    if (body.rid) {
      const found = await findOwnedCard(tx, memberId, body.rid, true);
      if (found.card.communityId !== community.id) throw notFound('经费卡');
      const used = (await cardsUsed(tx, [found.card.id])).get(found.card.id) ?? 0;
      if (body.cap !== undefined && body.cap < used) throw badRequest(`经费卡上限不能低于已使用的金额（${formatFen(used)}）`);
      [card] = (await tx.update(grantCards).set(values).where(eq(grantCards.id, found.card.id)).returning()) as [CardRow];
    } else {
      [card] = (await tx.insert(grantCards).values({ rid: randomId(), communityId: community.id, ...values, createdAt: now }).returning()) as [CardRow];
    }
    const used = (await cardsUsed(tx, [card.id])).get(card.id) ?? 0;
    return toCardView(card, community, used, now);
  });
}

function toAllowanceView(member: { member_rid: string; name: string }, row: typeof grantAllowances.$inferSelect | undefined, usedFen: number): GrantAllowance {
  return {
    memberRid: member.member_rid,
    memberName: member.name,
    period: row?.period ?? null,
    amountFen: row?.amountFen ?? 0,
    autoLimitFen: row?.autoLimitFen ?? 0,
    usedFen,
  };
}

/** grant/allowances: every approved member of the card's community (the owner first), with their allowance. */
export async function listAllowances(db: DbOrTx, memberId: number, cardRid: string, now: Date): Promise<GrantAllowance[]> {
  const { card } = await findOwnedCard(db, memberId, cardRid);
  const members = (await listCommunityMembers(db, card.communityId)).filter((m) => m.status === 'approved');
  const rows = await db.select().from(grantAllowances).where(eq(grantAllowances.cardId, card.id));
  const ids = new Map<string, number>();
  for (const m of members) {
    const found = await memberByRid(db, m.member_rid);
    if (found) ids.set(m.member_rid, found.id);
  }
  const out: GrantAllowance[] = [];
  for (const m of members) {
    const row = rows.find((r) => r.memberId === ids.get(m.member_rid));
    out.push(toAllowanceView(m, row, row ? await allowanceSpent(db, row, now) : 0));
  }
  return out;
}

/**
 * grant/allowance/set: the member's allowance on the card, with the card's row locked (a
 * payment with the card waits). Below what the member already spent in the period is refused.
 */
export async function setAllowance(db: Db, ownerId: number, body: GrantAllowanceBody, now: Date): Promise<GrantAllowance> {
  return db.transaction(async (tx) => {
    const { card } = await findOwnedCard(tx, ownerId, body.card_rid, true);
    const member = await memberByRid(tx, body.member_rid);
    if (!member) throw notFound('团体成员');
    try {
      await assertApprovedMember(tx, card.communityId, member.id);
    } catch (error) {
      if (error instanceof AppError) throw notFound('团体成员');
      throw error;
    }
    const [existing] = await tx
      .select()
      .from(grantAllowances)
      .where(and(eq(grantAllowances.cardId, card.id), eq(grantAllowances.memberId, member.id)))
      .for('update');
    const spent = existing ? await allowanceSpent(tx, existing, now, body.period) : 0;
    if (body.amount < spent) throw badRequest(`${ALLOWANCE_BELOW_SPENT_MESSAGE}（${formatFen(spent)}）`);
    const values = { period: body.period, amountFen: body.amount, autoLimitFen: body.auto_limit, updatedAt: now };
    const [row] = existing
      ? await tx.update(grantAllowances).set(values).where(eq(grantAllowances.id, existing.id)).returning()
      : await tx.insert(grantAllowances).values({ cardId: card.id, memberId: member.id, ...values, createdAt: now }).returning();
    const [view] = (await listCommunityMembers(tx, card.communityId)).filter((m) => m.member_rid === body.member_rid);
    return toAllowanceView(view ?? { member_rid: body.member_rid, name: '' }, row, spent);
  });
}

/** The cards by id (for views of requests and usage). */
export async function cardsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, CardRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(grantCards).where(inArray(grantCards.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
