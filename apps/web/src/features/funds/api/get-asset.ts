import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/asset/init: balances (mine and my communities'), coupons, invoiceable amount, credit line. */
export const getAsset = () => funds.assets();

export const assetQueryOptions = () => queryOptions({ queryKey: fundsKeys.asset, queryFn: getAsset });

export const useAsset = () => useQuery(assetQueryOptions());
