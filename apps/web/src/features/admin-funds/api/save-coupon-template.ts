import { adminFunds } from './admin-funds';

/** POST /api/admin/funds/coupon/template/add — the form's fields as the contract names them; face value × stock above the person's coupon limit is filed for approval. */
export const addCouponTemplate = (body: Parameters<typeof adminFunds.couponTemplateAdd>[0]) => adminFunds.couponTemplateAdd(body);

/** POST /api/admin/funds/coupon/template/disable — no more claims or issues; coupons already held stay valid. */
export const disableCouponTemplate = (rid: string) => adminFunds.couponTemplateDisable({ rid });
