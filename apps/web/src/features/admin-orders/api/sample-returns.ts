import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReturn, AdminReturnSendBody, Page } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPost } from '../../../lib/admin-api';
import { orderKeys } from './keys';

/** POST /api/admin/returns/list — the members' requests to have samples sent back. */
export const listReturns = (query: TableQuery) => adminPost<Page<AdminReturn>>('/api/admin/returns/list', { ...query });
export const useReturns = (query: TableQuery) => useQuery({ queryKey: orderKeys.returns(query), queryFn: () => listReturns(query), placeholderData: keepPreviousData });

/** POST /api/admin/returns/send — sent, with the tracking number; the member is told. */
export const sendReturn = (body: AdminReturnSendBody) => adminPost<AdminReturn>('/api/admin/returns/send', { ...body });

export function useSendReturn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendReturn, onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }) });
}
