import { memberKeys } from '../../../api/query-keys';

/** Query keys of the invite page: under ['member'], so refreshMemberData() refreshes them too. */
export const inviteKeys = {
  all: [...memberKeys.all, 'invite'] as const,
  overview: [...memberKeys.all, 'invite', 'overview'] as const,
  invitees: [...memberKeys.all, 'invite', 'invitees'] as const,
  orders: [...memberKeys.all, 'invite', 'orders'] as const,
};
