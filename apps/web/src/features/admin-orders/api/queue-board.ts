import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminQueue as table } from '@lab/contract/orders/queue-calls';
import type { ClosedDayKind, QueueBoard } from '@lab/contract';
import routes from 'virtual:calls/adminQueue';
import { bindStaffCalls } from '../../../api/staff-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { orderKeys } from './keys';

/** 后台 → 排队看板 */
export const adminQueue = bindStaffCalls<typeof table>(routes);

const boardKey = (rid: string) => [...orderKeys.all, 'queue', rid] as const;

/** POST /api/admin/queue/board — the instruments, and the chosen one's queue and calendar ('' : the longest queue). */
export const useQueueBoard = (rid: string) =>
  useQuery({ queryKey: boardKey(rid), queryFn: () => adminQueue.board(rid ? { item_rid: rid } : {}), placeholderData: keepPreviousData });

/**
 * The board's changes: each answers the board as it is now, which replaces the cached one of its
 * instrument (and the one shown, asked for by rid or by default).
 */
export function useQueueChanges(shown: string) {
  const client = useQueryClient();
  const onSuccess = (board: QueueBoard) => {
    if (board.current) client.setQueryData(boardKey(board.current.rid), board);
    if (!shown || shown === board.current?.rid) client.setQueryData(boardKey(shown), board);
    void client.invalidateQueries({ queryKey: orderKeys.all, predicate: (query) => query.queryKey[3] !== 'queue' });
  };
  return {
    reorder: useApiMutation({ mutationFn: (body: { code: string; direction: 'up' | 'down'; reason: string }) => adminQueue.reorder(body), onSuccess }),
    capacity: useApiMutation({ mutationFn: (body: { item_rid: string; capacity_per_day: number; default_min_days: number; default_max_days: number }) => adminQueue.capacity(body), onSuccess }),
    closeDay: useApiMutation({ mutationFn: (body: { item_rid?: string; day: string; kind: ClosedDayKind; note?: string }) => adminQueue.closeDay(body), onSuccess }),
    openDay: useApiMutation({ mutationFn: (id: number) => adminQueue.openDay({ id }), onSuccess }),
  };
}
