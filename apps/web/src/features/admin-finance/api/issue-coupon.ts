import type { MemberCoupon } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/coupon/issue — one coupon of a template to a member (the per-member limit and stock apply). */
export const issueCoupon = ({ templateRid, memberRid }: { templateRid: string; memberRid: string }) =>
  adminPost<MemberCoupon>('/api/admin/funds/coupon/issue', { rid: templateRid, member_rid: memberRid });
