import type { PromoterApplyBody, PromotionOverview } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/promoter_apply/add: apply (or apply again after a refusal) to become a partner. */
export const applyPromoter = (body: PromoterApplyBody) => apiPost<PromotionOverview>('/api/auth/promoter_apply/add', { ...body });
