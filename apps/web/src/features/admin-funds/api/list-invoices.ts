import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminFunds } from './admin-funds';
import { financeKeys } from './keys';

/** POST /api/admin/funds/invoice/list — invoice applications by status, type, member or invoice number, and date. (the sort is the URL's text; the server checks it) */
export const listInvoices = (query: TableQuery) => adminFunds.invoiceList(query as Parameters<typeof adminFunds.invoiceList>[0]);

export const invoicesQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.invoices(query), queryFn: () => listInvoices(query), placeholderData: keepPreviousData });

export const useInvoices = (query: TableQuery) => useQuery(invoicesQueryOptions(query));
