import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminKey } from '../../../lib/admin-api';
import { messageKeys } from './keys';
import { adminConsultations } from './admin-consultations';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/growth/consultation/list — 待回复 / 已回复, a word, a page. */
export const listConsultations = (query: TableQuery) => adminConsultations.list(query);

export const useConsultations = (query: TableQuery) =>
  useQuery({ queryKey: [...messageKeys.consultations, query], queryFn: () => listConsultations(query), placeholderData: keepPreviousData });

/** POST /api/admin/growth/consultation/reply — once; the visitor (or member) is told by SMS. */
export const replyConsultation = (id: number, reply: string) => adminConsultations.reply({ id, reply });

export function useReplyConsultation() {
  return useApiMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) => replyConsultation(id, reply),
    invalidates: [messageKeys.consultations, [...adminKey, 'dashboard']],
  });
}
