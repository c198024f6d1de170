import type { ApprovalFiled, MemberCoupon } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/coupon/issue — one coupon of a template to a member (the per-member limit and stock apply); above the person's coupon limit it is filed for approval. */
export const issueCoupon = ({ templateRid, memberRid }: { templateRid: string; memberRid: string }) =>
  adminPost<MemberCoupon | ApprovalFiled>('/api/admin/funds/coupon/issue', { rid: templateRid, member_rid: memberRid });
