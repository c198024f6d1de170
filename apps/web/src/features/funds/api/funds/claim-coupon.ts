import { funds } from '../funds';

/** POST /api/auth/discount4user/add — claim one coupon of a template (409 with the limit when used up). */
export const claimCoupon = (rid: string) => funds.claimCoupon({ rid });
