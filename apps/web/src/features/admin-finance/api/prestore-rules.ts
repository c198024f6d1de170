import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrestoreRule, PrestoreRules } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/prestore/rules/current — the tiers in force and the lab's bank account. */
export const getPrestoreRules = () => adminPost<PrestoreRules>('/api/admin/funds/prestore/rules/current');

export const prestoreRulesQueryOptions = () => queryOptions({ queryKey: financeKeys.rules, queryFn: getPrestoreRules });

export const usePrestoreRules = () => useQuery(prestoreRulesQueryOptions());

/** POST /api/admin/funds/prestore/rules — replaces every tier (`rules` is the JSON the contract checks). */
export const savePrestoreRules = (rules: string) => adminPost<PrestoreRule[]>('/api/admin/funds/prestore/rules', { rules });
