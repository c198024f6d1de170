import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { feedback } from '../../../lib/feedback';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminMessages } from './admin-messages';
import { messageKeys } from './keys';

/** POST /api/admin/messages/alerts — what the background jobs found, newest first. */
export const useAlerts = (query: TableQuery) => useQuery({ queryKey: [...messageKeys.alerts, query], queryFn: () => adminMessages.alerts(query), placeholderData: keepPreviousData });

/** POST /api/admin/messages/alerts/handle — 标记已处理. */
export const useHandleAlert = () =>
  useApiMutation({ mutationFn: (id: number) => adminMessages.handleAlert({ id }), invalidates: [messageKeys.alerts], onSuccess: () => feedback.success('已标记为已处理') });
