import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from './admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/outbox — SMS and e-mails sent, codes masked. */
export const listOutbox = (query: TableQuery) => adminMessages.outbox(query);

export const useOutbox = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.outbox, query], queryFn: () => listOutbox(query), placeholderData: keepPreviousData });

/** POST /api/admin/messages/outbox/resend — a failed message queued again. */
export const useResendOutbox = () =>
  useApiMutation({ mutationFn: (id: number) => adminMessages.resend({ id }), invalidates: [messageKeys.outbox], onSuccess: () => feedback.success('已重新排队发送') });
