import { memberKeys } from '../../../api/query-keys';

/** Query keys of the points page: under ['member'], so refreshMemberData() refreshes them (and the coupons an exchange added). */
export const pointsKeys = {
  all: [...memberKeys.all, 'points'] as const,
  overview: [...memberKeys.all, 'points', 'overview'] as const,
  entries: [...memberKeys.all, 'points', 'entries'] as const,
  catalogue: [...memberKeys.all, 'points', 'catalogue'] as const,
  exchanges: [...memberKeys.all, 'points', 'exchanges'] as const,
  applications: [...memberKeys.all, 'points', 'applications'] as const,
};
