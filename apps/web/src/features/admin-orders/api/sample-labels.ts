import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderDesk } from './admin-order-desk';
import { orderKeys } from './keys';

/** POST /api/admin/orders/labels — one label per sample, with the member. */
export const fetchSampleLabels = (orderNo: string) => adminOrderDesk.labels({ order_no: orderNo });

export const sampleLabelsQueryOptions = (orderNo: string) => queryOptions({ queryKey: orderKeys.labels(orderNo), queryFn: () => fetchSampleLabels(orderNo) });

export const useSampleLabels = (orderNo: string) => useQuery(sampleLabelsQueryOptions(orderNo));
