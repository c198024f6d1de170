import { and, asc, eq, inArray } from 'drizzle-orm';
import { labTime } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { workbook, yuan } from '../../platform/xlsx';
import { memberByRid, memberContacts } from '../accounts';
import { orderNosOf } from '../orders';
import { findOwnedCard } from './grant-core';
import { grantCards, grantUsage } from './grants.tables';

/** GET grant/statement: 经费卡对账单 — a card's payments and refunds, of all members or one (xlsx, for reimbursement). */
export async function grantStatementXlsx(db: DbOrTx, ownerId: number, query: { card_rid: string; member_rid?: string | undefined }): Promise<{ body: Buffer; name: string }> {
  const { card, community } = await findOwnedCard(db, ownerId, query.card_rid);
  let memberId: number | undefined;
  if (query.member_rid) {
    const member = await memberByRid(db, query.member_rid);
    if (!member) throw notFound('团体成员');
    memberId = member.id;
  }
  const rows = await db
    .select()
    .from(grantUsage)
    .where(and(eq(grantUsage.cardId, card.id), memberId === undefined ? undefined : eq(grantUsage.memberId, memberId)))
    .orderBy(asc(grantUsage.id))
    .limit(50_000);
  const [people, orderNos] = await Promise.all([memberContacts(db, rows.map((r) => r.memberId)), orderNosOf(db, rows.map((r) => r.orderId))]);
  const total = rows.reduce((s, r) => s + r.amountFen, 0);
  const body = await workbook(
    '经费卡对账单',
    ['时间', '成员', '订单号', '课题号', '类型', '金额(元)'],
    rows.map((r) => {
      const who = people.get(r.memberId);
      return [labTime(r.createdAt), who?.name || who?.nickname || '', orderNos.get(r.orderId) ?? '', card.number, r.kind === 'payment' ? '扣款' : '退款', yuan(r.amountFen)];
    }),
    { widths: [20, 12, 22, 20, 8, 14], money: [6], caption: `${community.name} · 经费卡「${card.name}」（${card.number}）· 合计 ${(total / 100).toFixed(2)} 元` },
  );
  return { body, name: `经费卡对账单-${card.number}` };
}

/**
 * The 经费卡对账单 of orders paid with a grant card, for the reimbursement pack (decisions/0054):
 * per card, the payments and refunds of these orders only (a pack is the member's, and the card's
 * other members' spending is not theirs to hand in). No card: an empty list.
 */
export async function orderCardStatements(db: DbOrTx, orderIds: number[]): Promise<Array<{ orderIds: number[]; number: string; name: string; build: () => Promise<Buffer> }>> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ usage: grantUsage, card: grantCards })
    .from(grantUsage)
    .innerJoin(grantCards, eq(grantCards.id, grantUsage.cardId))
    .where(inArray(grantUsage.orderId, orderIds))
    .orderBy(asc(grantUsage.id));
  const byCard = new Map<number, { card: typeof grantCards.$inferSelect; rows: Array<typeof grantUsage.$inferSelect> }>();
  for (const { usage, card } of rows) {
    const entry = byCard.get(card.id) ?? { card, rows: [] };
    entry.rows.push(usage);
    byCard.set(card.id, entry);
  }
  return [...byCard.values()].map(({ card, rows: used }) => ({
    orderIds: [...new Set(used.map((r) => r.orderId))],
    number: card.number,
    name: card.name,
    build: async () => {
      const [people, orderNos] = await Promise.all([memberContacts(db, used.map((r) => r.memberId)), orderNosOf(db, used.map((r) => r.orderId))]);
      const total = used.reduce((s, r) => s + r.amountFen, 0);
      return workbook(
        '经费卡对账单',
        ['时间', '成员', '订单号', '课题号', '类型', '金额(元)'],
        used.map((r) => {
          const who = people.get(r.memberId);
          return [labTime(r.createdAt), who?.name || who?.nickname || '', orderNos.get(r.orderId) ?? '', card.number, r.kind === 'payment' ? '扣款' : '退款', yuan(r.amountFen)];
        }),
        { widths: [20, 12, 22, 20, 8, 14], money: [6], caption: `经费卡「${card.name}」（${card.number}）· 本次报销订单 · 合计 ${(total / 100).toFixed(2)} 元` },
      );
    },
  }));
}
