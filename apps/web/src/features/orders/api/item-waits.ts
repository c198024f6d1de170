import { queryOptions, useQuery } from '@tanstack/react-query';
import type { queue as table } from '@lab/contract/orders/queue-calls';
import routes from 'virtual:calls/queue';
import { bindCalls } from '../../../api/client';

/** The typical current wait of items: the item page's 当前排队 and the order form's warning (open). */
export const queue = bindCalls<typeof table>(routes);

/** Rids in a stable order, so one set of items is one cache entry. */
export const itemWaitsQueryOptions = (rids: string[]) => {
  const items = [...new Set(rids)].sort().join(',');
  return queryOptions({ queryKey: ['queue', 'waits', items] as const, queryFn: () => queue.waits({ items }), staleTime: 60_000, retry: false });
};
export const useItemWaits = (rids: string[]) => useQuery({ ...itemWaitsQueryOptions(rids), enabled: rids.length > 0 });
