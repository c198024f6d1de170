import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceTitle } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/invoice/list: my invoice titles, the default first. */
export const listInvoiceTitles = () => apiPost<InvoiceTitle[]>('/api/auth/invoice/list');

export const invoiceTitlesQueryOptions = () => queryOptions({ queryKey: fundsKeys.titles, queryFn: listInvoiceTitles });

export const useInvoiceTitles = () => useQuery(invoiceTitlesQueryOptions());
