import type { AdminCouponTemplate } from '@lab/contract';
import type { Body } from '../../../lib/api';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/coupon/template/add — the form's fields as the contract names them. */
export const addCouponTemplate = (body: Body) => adminPost<AdminCouponTemplate>('/api/admin/funds/coupon/template/add', body);

/** POST /api/admin/funds/coupon/template/disable — no more claims or issues; coupons already held stay valid. */
export const disableCouponTemplate = (rid: string) => adminPost<AdminCouponTemplate>('/api/admin/funds/coupon/template/disable', { rid });
