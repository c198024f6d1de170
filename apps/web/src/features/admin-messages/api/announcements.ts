import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from './admin-messages';
import { messageKeys } from './keys';
import { adminAnnouncements } from './admin-announcements';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/messages/announcements — what was sent, newest first. */
export const listAnnouncements = (query: TableQuery) => adminMessages.announcements(query);

export const useAnnouncements = (query: TableQuery) =>
  useQuery({ queryKey: [...messageKeys.announcements, query], queryFn: () => listAnnouncements(query), placeholderData: keepPreviousData });

/** POST /api/admin/growth/announce — to every active member (member_rid empty) or to one. */
export const sendAnnouncement = (body: { title: string; content: string; member_rid?: string }) => adminAnnouncements.send(body);

export function useSendAnnouncement() {
  return useApiMutation({ mutationFn: sendAnnouncement, invalidates: [messageKeys.announcements] });
}
