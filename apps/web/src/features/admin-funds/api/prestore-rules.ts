import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/prestore/rules/current — the tiers in force and the lab's bank account. */
export const getPrestoreRules = () => adminFunds.prestoreRules();

export const prestoreRulesQueryOptions = () => queryOptions({ queryKey: financeKeys.rules, queryFn: getPrestoreRules });

export const usePrestoreRules = () => useQuery(prestoreRulesQueryOptions());

/** POST /api/admin/funds/prestore/rules — replaces every tier (`rules` is the JSON the contract checks). */
export const savePrestoreRules = (rules: string) => adminFunds.prestoreRulesSave({ rules });
