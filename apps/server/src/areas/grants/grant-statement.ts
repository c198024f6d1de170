import { and, asc, eq } from 'drizzle-orm';
import { labTime } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { workbook, yuan } from '../../platform/xlsx';
import { memberByRid, memberContacts } from '../accounts';
import { orderNosOf } from '../orders';
import { findOwnedCard } from './grant-core';
import { grantUsage } from './grants.tables';

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
