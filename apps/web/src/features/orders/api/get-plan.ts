import { queryOptions, useQuery } from '@tanstack/react-query';
import { plan } from './plan';
import { planKey } from '../../../api/query-keys';

/** The plan by service group (31 first), priced now. */
export const getPlan = () => plan.list();

export const planQueryOptions = () => queryOptions({ queryKey: planKey, queryFn: getPlan, staleTime: 0 });

export const usePlan = () => useQuery(planQueryOptions());
