import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from '../funds';
import { fundsKeys } from '../../../../api/query-keys';

/** POST /api/auth/invoice/list: my invoice titles, the default first. */
export const listInvoiceTitles = () => funds.titleList();

export const invoiceTitlesQueryOptions = () => queryOptions({ queryKey: fundsKeys.titles, queryFn: listInvoiceTitles });

export const useInvoiceTitles = () => useQuery(invoiceTitlesQueryOptions());
