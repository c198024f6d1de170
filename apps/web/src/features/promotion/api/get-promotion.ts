import { useQuery } from '@tanstack/react-query';
import { promotionKeys } from './keys';
import { promotion } from '../../../api/promotion';

/** POST /api/auth/myPromotion/init: my partner status, application and figures (fen). */
export const getPromotion = () => promotion.overview();

export const usePromotion = () => useQuery({ queryKey: promotionKeys.overview, queryFn: getPromotion });
