import { useQuery } from '@tanstack/react-query';
import type { PromotionOverview } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { promotionKeys } from './keys';

/** POST /api/auth/myPromotion/init: my partner status, application and figures (fen). */
export const getPromotion = () => apiPost<PromotionOverview>('/api/auth/myPromotion/init');

export const usePromotion = () => useQuery({ queryKey: promotionKeys.overview, queryFn: getPromotion });
