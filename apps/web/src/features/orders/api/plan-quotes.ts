import { useQuery } from '@tanstack/react-query';
import { memberKeys } from '../../../api/query-keys';
import { documents } from './documents';

/** 我的报价单: under ['member'], so refreshMemberData() refreshes it too. */
export const quotesKey = [...memberKeys.all, 'quotes'] as const;

export const useQuotes = () => useQuery({ queryKey: quotesKey, queryFn: () => documents.quotes() });

/** The sealed 报价单 of my plan (PDF, valid 30 days). */
export const downloadPlanQuote = () => documents.planQuote(undefined, '报价单.pdf');
