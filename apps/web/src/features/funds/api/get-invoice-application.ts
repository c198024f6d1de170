import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/invoiceApply/info */
export const getInvoiceApplication = (rid: string) => funds.invoiceDetail({ rid });

export const invoiceApplicationQueryOptions = (rid: string) =>
  queryOptions({ queryKey: [...fundsKeys.invoices, 'info', rid], queryFn: () => getInvoiceApplication(rid) });

export const useInvoiceApplication = (rid: string | null) => useQuery({ ...invoiceApplicationQueryOptions(rid ?? ''), enabled: rid !== null });
