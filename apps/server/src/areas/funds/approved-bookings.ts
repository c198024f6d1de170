import type { AdminAdjustBody, AdminCouponTemplateBody } from '@lab/contract';
import { booked, onApproved } from '../approvals';
import { adjustBalance } from './assets.service';
import { addCouponTemplate } from './coupons-admin';
import { issueCoupon } from './coupons.service';
import { approveCredit } from './credit.service';
import { confirmPrestore } from './prestore-decisions';
import { savePrestoreRules } from './prestore-rules';

const optional = (value: unknown) => (value === undefined ? undefined : String(value));

/**
 * How an approved request for a funds action is booked (approvals/approval-hooks.ts): with the
 * service that books the action alone, the maker acting, approved. src/area-hooks.ts calls this.
 */
export function registerFundsApprovals(): void {
  onApproved('coupon.template', async ({ tx, acting, payload, now }) => ({ key: booked(await addCouponTemplate(tx, acting, payload as unknown as AdminCouponTemplateBody, now)).rid }));
  onApproved('coupon.issue', async ({ tx, acting, payload, now }) => ({ key: booked(await issueCoupon(tx, acting, String(payload.rid), String(payload.member_rid), now)).rid }));
  onApproved('account.adjust', async ({ tx, acting, payload, now }) => {
    const body = payload as unknown as AdminAdjustBody;
    booked(await adjustBalance(tx, acting, body, now));
    return { key: `adjust:${body.request_id}` };
  });
  onApproved('prestore.confirm', async ({ tx, acting, payload, now }) => {
    const body = { rid: String(payload.rid), version: Number(payload.version), note: optional(payload.note) };
    return { key: booked(await confirmPrestore(tx, acting, body, now)).applyNo };
  });
  onApproved('credit.approve', async ({ tx, acting, payload, now }) => {
    const body = { rid: String(payload.rid), version: Number(payload.version), limit: Number(payload.limit), note: optional(payload.note) };
    booked(await approveCredit(tx, acting, body, now));
    return { key: body.rid };
  });
  onApproved('prestore.rules', async ({ tx, acting, payload, now }) => {
    const rules = booked(await savePrestoreRules(tx, acting, payload.rules as { threshold: number; rate: number }[], now));
    return { key: rules.map((r) => r.id).join(',') || 'none' };
  });
}
