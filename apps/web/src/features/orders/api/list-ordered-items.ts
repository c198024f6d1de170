import { queryOptions, useQuery } from '@tanstack/react-query';
import { orders } from './orders';
import { ordersKeys } from '../../../api/query-keys';

/** How many items the plan page offers to order again. */
export const ORDERED_ITEMS_SHOWN = 8;

/** The items I ordered before, most recent first. */
export const listOrderedItems = (pageSize = ORDERED_ITEMS_SHOWN) => orders.orderedItems({ page: 1, pageSize });

export const orderedItemsQueryOptions = () =>
  queryOptions({ queryKey: ordersKeys.orderedItems, queryFn: () => listOrderedItems(), retry: false });

export const useOrderedItems = () => useQuery(orderedItemsQueryOptions());
