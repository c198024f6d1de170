import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from '../funds';
import { fundsKeys } from '../../../../api/query-keys';

/** POST /api/auth/invoiceApply/list with order_no: the invoice applications covering one order (its page's 发票 line). */
export const listOrderInvoices = (orderNo: string) => funds.invoiceList({ page: 1, pageSize: 10, order_no: orderNo });

export const orderInvoicesQueryOptions = (orderNo: string) => queryOptions({ queryKey: [...fundsKeys.invoices, 'order', orderNo], queryFn: () => listOrderInvoices(orderNo) });

/** Asked only when the order wants an invoice and is paid (before that there is none to show). */
export const useOrderInvoices = (orderNo: string, enabled: boolean) => useQuery({ ...orderInvoicesQueryOptions(orderNo), enabled });
