import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from './funds';
import { fundsKeys } from '../../../api/query-keys';

/** POST /api/auth/invoiceApply/onlineSources: orders paid online (their online part) and online top-ups not yet on an application, oldest first. */
export const listInvoiceOnlineSources = () => funds.invoiceOnlineSources();

export const invoiceOnlineSourcesQueryOptions = () =>
  queryOptions({ queryKey: [...fundsKeys.invoices, 'online-sources'], queryFn: listInvoiceOnlineSources });

export const useInvoiceOnlineSources = () => useQuery(invoiceOnlineSourcesQueryOptions());
