import { memberKeys } from '../../../api/query-keys';

/** Query keys of the partner page: under ['member'], so refreshMemberData() refreshes them too. */
export const promotionKeys = {
  all: [...memberKeys.all, 'promotion'] as const,
  overview: [...memberKeys.all, 'promotion', 'overview'] as const,
  rebates: [...memberKeys.all, 'promotion', 'rebates'] as const,
  withdrawals: [...memberKeys.all, 'promotion', 'withdrawals'] as const,
};
