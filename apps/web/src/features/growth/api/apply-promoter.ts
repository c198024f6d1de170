import type { PromoterApplyBody } from '@lab/contract';
import { promotion } from './promotion';

/** POST /api/auth/promoter_apply/add: apply (or apply again after a refusal) to become a partner. */
export const applyPromoter = (body: PromoterApplyBody) => promotion.apply(body);
