import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminKey } from '../../../lib/admin-api';
import { messageKeys } from './keys';
import { adminConsultations } from './admin-consultations';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/growth/consultation/list — waiting ones first; a state, a word, a page. */
export const listConsultations = (query: TableQuery) => adminConsultations.list(query);

export const useConsultations = (query: TableQuery) =>
  useQuery({ queryKey: [...messageKeys.consultations, 'list', query], queryFn: () => listConsultations(query), placeholderData: keepPreviousData });

/** POST /api/admin/growth/consultation/detail — the whole thread. */
export const useConsultationThread = (id: number | null) =>
  useQuery({ queryKey: [...messageKeys.consultations, 'thread', id], queryFn: () => adminConsultations.detail({ id: id! }), enabled: id !== null });

/** POST /api/admin/growth/consultation/counts — what waits for an answer (the menu's badge, refreshed every minute). */
export const consultationCountsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: messageKeys.consultationCounts, queryFn: () => adminConsultations.counts(), enabled, staleTime: 15_000, refetchInterval: 60_000 });
export const useConsultationCounts = (enabled: boolean) => useQuery(consultationCountsQueryOptions(enabled));

const changed = [messageKeys.consultations, [...adminKey, 'dashboard']] as const;

/** POST /api/admin/growth/consultation/reply — one more message; the customer is told every time. */
export function useReplyConsultation() {
  return useApiMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => adminConsultations.reply({ id, reply }),
    invalidates: changed,
  });
}

/** POST /api/admin/growth/consultation/close — nothing more to add; the customer's next message opens it again. */
export function useCloseConsultation() {
  return useApiMutation({ mutationFn: (id: number) => adminConsultations.close({ id }), invalidates: changed });
}
