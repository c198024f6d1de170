import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceTitle } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/invoice/list: my invoice titles, the default first. */
export const listInvoiceTitles = () => apiPost<InvoiceTitle[]>('/api/auth/invoice/list');

export const useInvoiceTitles = () => useQuery(queryOptions({ queryKey: [...memberKeys.all, 'funds', 'titles'], queryFn: listInvoiceTitles }));
