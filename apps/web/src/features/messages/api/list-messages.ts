import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '../../../components/message-bell';
import { messages } from './messages';

export type MessageFilter = 'all' | 'unread';
export const MESSAGE_PAGE_SIZE = 10;

/** POST /api/auth/message/list — mine, newest first; unread=1 keeps the unread ones. */
export const listMessages = (filter: MessageFilter, page: number) => messages.list({ page, pageSize: MESSAGE_PAGE_SIZE, ...(filter === 'unread' ? { unread: 1 } : {}) });

export const messagesQueryOptions = (filter: MessageFilter, page: number) =>
  queryOptions({ queryKey: [...messageKeys.lists, filter, page], queryFn: () => listMessages(filter, page), placeholderData: keepPreviousData });

export const useMessages = (filter: MessageFilter, page: number) => useQuery(messagesQueryOptions(filter, page));
