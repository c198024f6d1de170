import { useQuery } from '@tanstack/react-query';
import { promotionKeys } from './promotion-keys';
import { promotion } from './promotion';

/** POST /api/auth/myPromotion/init: my partner status, application and figures (fen). */
export const getPromotion = () => promotion.overview();

export const usePromotion = () => useQuery({ queryKey: promotionKeys.overview, queryFn: getPromotion });
