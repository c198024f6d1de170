import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetOverview } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/asset/init: balances (mine and my communities'), coupons, invoiceable amount, credit line. */
export const getAsset = () => apiPost<AssetOverview>('/api/auth/asset/init');

export const assetQueryOptions = () => queryOptions({ queryKey: fundsKeys.asset, queryFn: getAsset });

export const useAsset = () => useQuery(assetQueryOptions());
