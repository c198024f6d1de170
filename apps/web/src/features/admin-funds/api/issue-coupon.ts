import { adminFunds } from './admin-funds';

/** POST /api/admin/funds/coupon/issue — one coupon of a template to a member (the per-member limit and stock apply); above the person's coupon limit it is filed for approval. */
export const issueCoupon = ({ templateRid, memberRid }: { templateRid: string; memberRid: string }) =>
  adminFunds.couponIssue({ rid: templateRid, member_rid: memberRid });
