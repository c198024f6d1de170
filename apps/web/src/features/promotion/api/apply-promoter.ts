import type { PromoterApplyBody } from '@lab/contract';
import { promotion } from '../../../api/promotion';

/** POST /api/auth/promoter_apply/add: apply (or apply again after a refusal) to become a partner. */
export const applyPromoter = (body: PromoterApplyBody) => promotion.apply(body);
