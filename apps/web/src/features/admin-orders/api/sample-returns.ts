import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminReturnSendBody } from '@lab/contract';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminOrderDesk } from './admin-order-desk';
import { orderKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /api/admin/returns/list — the members' requests to have samples sent back. */
export const listReturns = (query: TableQuery) => adminOrderDesk.returns(query as Parameters<typeof adminOrderDesk.returns>[0]);
export const useReturns = (query: TableQuery) => useQuery({ queryKey: orderKeys.returns(query), queryFn: () => listReturns(query), placeholderData: keepPreviousData });

/** POST /api/admin/returns/send — sent, with the tracking number; the member is told. */
export const sendReturn = (body: AdminReturnSendBody) => adminOrderDesk.sendReturn({ ...body });

export function useSendReturn() {
  return useApiMutation({ mutationFn: sendReturn, invalidates: [orderKeys.all] });
}
