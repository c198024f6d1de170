import { memberKeys } from '../../../components/member/member-keys';

/** Query keys of the money pages: all under ['member'], so refreshMemberData() refreshes them too. */
export const fundsKeys = {
  all: [...memberKeys.all, 'funds'] as const,
  asset: [...memberKeys.all, 'funds', 'asset'] as const,
  ready: [...memberKeys.all, 'funds', 'ready'] as const,
  prestores: [...memberKeys.all, 'funds', 'prestores'] as const,
  history: [...memberKeys.all, 'funds', 'history'] as const,
  transfers: [...memberKeys.all, 'funds', 'transfers'] as const,
  coupons: [...memberKeys.all, 'funds', 'coupons'] as const,
  claimable: [...memberKeys.all, 'funds', 'claimable'] as const,
  promotions: [...memberKeys.all, 'funds', 'promotions'] as const,
  titles: [...memberKeys.all, 'funds', 'titles'] as const,
  invoices: [...memberKeys.all, 'funds', 'invoices'] as const,
  credit: [...memberKeys.all, 'funds', 'credit'] as const,
};
