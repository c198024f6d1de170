import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxEntry, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { messageKeys } from './keys';

/** POST /api/admin/messages/outbox — SMS and e-mails sent, codes masked. */
export const listOutbox = (query: TableQuery) => adminPost<Page<OutboxEntry>>('/api/admin/messages/outbox', { ...query });

export const useOutbox = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.outbox, query], queryFn: () => listOutbox(query), placeholderData: keepPreviousData });
