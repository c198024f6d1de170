import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { labDay } from '@lab/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { writeMemberAudit } from '../../platform/member-audit';
import { postMessage } from '../messages';
import { couponTemplates } from './coupons.tables';
import { grant } from './coupons.service';

/**
 * 新用户券 (registered on accounts' onMemberRegistered in src/area-hooks.ts): inside the
 * registration's transaction, one coupon of every active template the lab marks 注册即发放,
 * through the coupons' own grant (per-member limit, guarded stock, validity window). Each coupon
 * given is a row in the audit log (the member's, as the system gave it) and a message to the
 * member. A template out of stock or already held is skipped: a gift never blocks a sign-up.
 * Answers how many coupons were given.
 */
export async function grantNewMemberCoupons(tx: Tx, memberId: number, now: Date): Promise<number> {
  const templates = await tx
    .select()
    .from(couponTemplates)
    .where(and(eq(couponTemplates.active, true), eq(couponTemplates.newMembers, true), or(isNull(couponTemplates.validTo), gt(couponTemplates.validTo, now))))
    .orderBy(couponTemplates.id);
  let given = 0;
  for (const template of templates) {
    let coupon;
    try {
      coupon = await grant(tx, template, memberId, now, null);
    } catch (error) {
      // 每人限领 (an invite gave it already) / 已领完: registered without this one
      if (error instanceof AppError && error.status === 409) continue;
      throw error;
    }
    given += 1;
    await writeMemberAudit(tx, {
      memberId,
      action: 'coupon.new-member',
      label: '注册赠送新用户券',
      entity: 'coupon',
      targetKey: coupon.rid,
      input: { template: template.rid },
      after: { name: template.name, amountFen: template.amountFen, offRateBp: template.offRateBp, validTo: coupon.validTo.toISOString() },
      now,
    });
    await postMessage(tx, memberId, { kind: 'funds', title: '新用户优惠券已到账', content: `欢迎注册！已为您发放「${template.name}」，有效期至 ${labDay(coupon.validTo)}，下单时可选用。`, link: '/member/coupon' }, now);
  }
  return given;
}
