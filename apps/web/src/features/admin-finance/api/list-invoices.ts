import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInvoice, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { financeKeys } from './keys';

/** POST /api/admin/funds/invoice/list — invoice applications by status, type, member or invoice number, and date. */
export const listInvoices = (query: TableQuery) => adminPost<Page<AdminInvoice>>('/api/admin/funds/invoice/list', { ...query });

export const invoicesQueryOptions = (query: TableQuery) => queryOptions({ queryKey: financeKeys.invoices(query), queryFn: () => listInvoices(query), placeholderData: keepPreviousData });

export const useInvoices = (query: TableQuery) => useQuery(invoicesQueryOptions(query));
