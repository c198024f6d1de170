import type { AdminCouponTemplate, ApprovalFiled } from '@lab/contract';
import type { Body } from '../../../lib/api';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/coupon/template/add — the form's fields as the contract names them; face value × stock above the person's coupon limit is filed for approval. */
export const addCouponTemplate = (body: Body) => adminPost<AdminCouponTemplate | ApprovalFiled>('/api/admin/funds/coupon/template/add', body);

/** POST /api/admin/funds/coupon/template/disable — no more claims or issues; coupons already held stay valid. */
export const disableCouponTemplate = (rid: string) => adminPost<AdminCouponTemplate>('/api/admin/funds/coupon/template/disable', { rid });
