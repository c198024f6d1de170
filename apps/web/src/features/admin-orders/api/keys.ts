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

/** 测试需求 and contracts (客户服务 → 需求与合同) live under ['admin', 'requirements']: one change refreshes both lists. */
export const requirementKeys = {
  all: [...adminKey, 'requirements'] as const,
  requirements: (query: object) => [...adminKey, 'requirements', 'list', query] as const,
  contracts: (query: object) => [...adminKey, 'requirements', 'contracts', query] as const,
  catalogSearch: (keyword: string) => [...adminKey, 'requirements', 'catalog', keyword] as const,
  catalogItem: (rid: string) => [...adminKey, 'requirements', 'catalog-item', rid] as const,
};
