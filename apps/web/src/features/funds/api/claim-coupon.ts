import type { MemberCoupon } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/discount4user/add — claim one coupon of a template (409 with the limit when used up). */
export const claimCoupon = (rid: string) => apiPost<MemberCoupon>('/api/auth/discount4user/add', { rid });
