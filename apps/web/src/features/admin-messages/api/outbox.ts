import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from '../../../api/admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/outbox — SMS and e-mails sent, codes masked. */
export const listOutbox = (query: TableQuery) => adminMessages.outbox(query);

export const useOutbox = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.outbox, query], queryFn: () => listOutbox(query), placeholderData: keepPreviousData });

/** POST /api/admin/messages/outbox/resend — a failed message queued again. */
export function useResendOutbox() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => adminMessages.resend({ id }), onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.outbox }) });
}
