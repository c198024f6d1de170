import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { consultations as table } from '@lab/contract/messages/consultation-calls';
import routes from 'virtual:calls/consultations';
import { memberKeys } from '../../../api/query-keys';
import { bindCalls } from '../../../api/client';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** 我的咨询: the member's consultations, each a thread with the lab's sales. */
export const consultations = bindCalls<typeof table>(routes);

export const consultKeys = {
  all: [...memberKeys.all, 'consultations'] as const,
  lists: [...memberKeys.all, 'consultations', 'list'] as const,
  thread: (rid: string) => [...memberKeys.all, 'consultations', 'thread', rid] as const,
};

export const CONSULT_PAGE_SIZE = 10;

/** POST /api/auth/consult/list — the latest word first. */
export const myConsultationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...consultKeys.lists, page], queryFn: () => consultations.list({ page, pageSize: CONSULT_PAGE_SIZE }), placeholderData: keepPreviousData });
export const useMyConsultations = (page: number) => useQuery(myConsultationsQueryOptions(page));

/** POST /api/auth/consult/detail — one thread, every message in time order (another member's: 404). */
export const consultationQueryOptions = (rid: string) => queryOptions({ queryKey: consultKeys.thread(rid), queryFn: () => consultations.detail({ rid }) });
export const useConsultation = (rid: string) => useQuery(consultationQueryOptions(rid));

/** POST /api/auth/consult/add — a new question. */
export const useAskConsultation = () => useApiMutation({ mutationFn: (content: string) => consultations.add({ content }), invalidates: [consultKeys.lists] });

/** POST /api/auth/consult/reply — one more message on my thread (a closed one opens again). */
export const useFollowUpConsultation = (rid: string) =>
  useApiMutation({ mutationFn: (content: string) => consultations.reply({ rid, content }), invalidates: [consultKeys.all] });
