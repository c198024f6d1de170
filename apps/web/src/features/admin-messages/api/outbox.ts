import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from '../../../api/admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/outbox — SMS and e-mails sent, codes masked. */
export const listOutbox = (query: TableQuery) => adminMessages.outbox(query);

export const useOutbox = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.outbox, query], queryFn: () => listOutbox(query), placeholderData: keepPreviousData });
