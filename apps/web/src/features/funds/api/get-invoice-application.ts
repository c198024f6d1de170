import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { fundsKeys } from './keys';

/** POST /api/auth/invoiceApply/info */
export const getInvoiceApplication = (rid: string) => apiPost<InvoiceApplication>('/api/auth/invoiceApply/info', { rid });

export const invoiceApplicationQueryOptions = (rid: string) =>
  queryOptions({ queryKey: [...fundsKeys.invoices, 'info', rid], queryFn: () => getInvoiceApplication(rid) });

export const useInvoiceApplication = (rid: string | null) => useQuery({ ...invoiceApplicationQueryOptions(rid ?? ''), enabled: rid !== null });
