import { adminKey } from '../../../lib/admin-api';

/** Every query of the order desk lives under ['admin', 'orders'], so a change refreshes them together. */
export const orderKeys = {
  all: [...adminKey, 'orders'] as const,
  list: (query: object) => [...adminKey, 'orders', 'list', query] as const,
  detail: (orderNo: string) => [...adminKey, 'orders', 'detail', orderNo] as const,
  labels: (orderNo: string) => [...adminKey, 'orders', 'labels', orderNo] as const,
  pickups: (date: string, status: string) => [...adminKey, 'orders', 'pickups', date, status] as const,
  pickupDays: (from: string, to: string) => [...adminKey, 'orders', 'pickup-days', from, to] as const,
  week: (date: string, rid: string) => [...adminKey, 'orders', 'week', date, rid] as const,
  returns: (query: object) => [...adminKey, 'orders', 'returns', query] as const,
  holds: [...adminKey, 'orders', 'holds'] as const,
};
