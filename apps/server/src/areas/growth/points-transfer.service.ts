import { maskPhone, type PointsOverview } from '@lab/contract';
import type { Db } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import { memberContact } from '../accounts';
import { creditAccount, debitAccount, lockAccounts } from '../funds';
import { postMessage } from '../messages';
import { asPointsError, memberActor, pointsAccount, pointsOverview, POINTS_LINK, RECIPIENT_MISMATCH, type PointsTransferBody } from './points.service';

/** What precedes the giver's memo in both ledger notes and the recipient's message (注销账号 erases the giver's own copy). */
export const TRANSFER_MEMO = '，留言：';

/**
 * integration/transfer: points to another member by phone, in one transaction — both
 * accounts locked in id order (two opposite transfers cannot deadlock), the guarded debit
 * (points_transfer_out) and the credit (points_transfer_in) under one reference.
 */
export async function transferPoints(db: Db, memberId: number, input: PointsTransferBody, now: Date): Promise<PointsOverview> {
  const me = await memberContact(db, memberId);
  if (me?.phone === input.phone) throw badRequest('不能转赠给自己');
  const target = await memberContact(db, { phone: input.phone });
  if (!target || target.disabled || target.name?.trim() !== input.name) throw new AppError('NOT_FOUND', RECIPIENT_MISMATCH);
  const reference = `transfer:${randomId()}`;
  const note = input.note ? `${TRANSFER_MEMO}${input.note}` : '';
  await db.transaction(async (tx) => {
    const from = await pointsAccount(tx, memberId);
    const to = await pointsAccount(tx, target.id);
    await lockAccounts(tx, [from.id, to.id]);
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
