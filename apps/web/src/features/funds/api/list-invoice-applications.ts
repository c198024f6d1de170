import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceStatus } from '@lab/contract';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/invoiceApply/list: my invoice applications (all, or one status), newest first. */
export const listInvoiceApplications = (page: number, status?: InvoiceStatus) =>
  funds.invoiceList({ page, pageSize: 10, status });

export const invoiceApplicationsQueryOptions = (page: number, status?: InvoiceStatus) =>
  queryOptions({ queryKey: [...fundsKeys.invoices, page, status ?? ''], queryFn: () => listInvoiceApplications(page, status), placeholderData: keepPreviousData });

export const useInvoiceApplications = (page: number, status?: InvoiceStatus) => useQuery(invoiceApplicationsQueryOptions(page, status));
