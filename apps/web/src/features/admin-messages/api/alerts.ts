import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from '../../../api/admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/alerts — what the background jobs found, newest first. */
export const useAlerts = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.alerts, query], queryFn: () => adminMessages.alerts(query), placeholderData: keepPreviousData });

/** POST /api/admin/messages/alerts/handle — 标记已处理. */
export function useHandleAlert() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => adminMessages.handleAlert({ id }), onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.alerts }) });
}
