import { useQuery } from '@tanstack/react-query';
import { inviteKeys } from './invite-keys';
import { invites } from './invites';

/** POST /api/auth/web/invite/orderDetail: one invitee's paid orders as far as a rebate concerns me. */
export const listInviteeOrders = (id: string, page: number, pageSize = 10) => invites.orders({ id, page, pageSize });

export const useInviteeOrders = (id: string | null, page: number, pageSize = 10) =>
  useQuery({
    queryKey: [...inviteKeys.orders, id ?? '', page, pageSize],
    queryFn: () => listInviteeOrders(id ?? '', page, pageSize),
    enabled: id !== null,
  });
