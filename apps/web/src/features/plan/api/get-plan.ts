import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { planKey } from '../../../components/plan/api/plan-keys';

/** POST /api/auth/tempDevice/list: the plan by service group (31 first), priced now. */
export const getPlan = () => apiPost<Plan>('/api/auth/tempDevice/list');

export const planQueryOptions = () => queryOptions({ queryKey: planKey, queryFn: getPlan, staleTime: 0 });

export const usePlan = () => useQuery(planQueryOptions());
