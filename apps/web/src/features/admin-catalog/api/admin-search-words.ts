import type { AdminSynonym, SynonymAddBody } from '@lab/contract';
import type { adminSearchWords as table } from '@lab/contract/catalog/admin-search-calls';
import routes from 'virtual:calls/adminSearchWords';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bindStaffCalls } from '../../../api/staff-client';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { catalogKeys } from './keys';

/** 后台 → 服务目录 → 搜索词: synonym groups and the queries that found nothing. */
export const adminSearchWords = bindStaffCalls<typeof table>(routes);

type SynonymListBody = Parameters<typeof adminSearchWords.synonyms>[0];
type MissListBody = Parameters<typeof adminSearchWords.misses>[0];

export const useSynonyms = (query: TableQuery) =>
  useQuery(queryOptions({ queryKey: catalogKeys.synonyms(query), queryFn: () => adminSearchWords.synonyms(query as SynonymListBody), placeholderData: keepPreviousData }));

export const useSearchMisses = (query: TableQuery) =>
  useQuery(queryOptions({ queryKey: catalogKeys.misses(query), queryFn: () => adminSearchWords.misses(query as MissListBody), placeholderData: keepPreviousData }));

/** POST synonym/add: terms as typed (= , 、 or one per line). */
export const addSynonym = (body: SynonymAddBody) => adminSearchWords.addSynonym({ terms: body.terms.join('\n'), note: body.note });

export const editSynonym = (body: SynonymAddBody & { id: number }) => adminSearchWords.editSynonym({ id: body.id, terms: body.terms.join('\n'), note: body.note });

export const deleteSynonym = (id: AdminSynonym['id']) => adminSearchWords.removeSynonym({ id });

export const removeSearchMiss = (query: string) => adminSearchWords.removeMiss({ query });
