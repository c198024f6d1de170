import { memberKeys } from '../../../components/member/member-keys';

/** Query keys of the order pages: all under ['member'], so refreshMemberData() refreshes them too. */
export const ordersKeys = {
  all: [...memberKeys.all, 'orders'] as const,
  lists: [...memberKeys.all, 'orders', 'list'] as const,
  detail: (orderNo: string) => [...memberKeys.all, 'orders', 'detail', orderNo] as const,
  ready: (orderNo: string) => [...memberKeys.all, 'orders', 'ready', orderNo] as const,
  protocols: (orderNo: string) => [...memberKeys.all, 'orders', 'protocols', orderNo] as const,
  testRecord: (orderNo: string) => [...memberKeys.all, 'orders', 'test-record', orderNo] as const,
  settlement: [...memberKeys.all, 'orders', 'settlement'] as const,
  statement: [...memberKeys.all, 'orders', 'statement'] as const,
};
