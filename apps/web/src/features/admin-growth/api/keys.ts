import { adminKey } from '../../../lib/admin-api';

/** Every query of growth's staff screens (积分, 推广合伙人) lives under ['admin', 'growth'], so one decision refreshes them together. */
const area = [...adminKey, 'growth'] as const;

export const growthKeys = {
  all: area,
  partners: (query: object) => [...area, 'partners', query] as const,
  pointsApplications: (query: object) => [...area, 'points-applications', query] as const,
  exchangeItems: [...area, 'exchange-items'] as const,
  exchanges: (query: object) => [...area, 'exchanges', query] as const,
  couponTemplates: [...area, 'coupon-templates'] as const,
};
