import { adminKey } from '../../../lib/admin-api';

/** The privacy area's staff queries live under ['admin', 'privacy']. */
export const privacyKeys = {
  all: [...adminKey, 'privacy'] as const,
  closures: (query: object) => [...adminKey, 'privacy', 'closures', query] as const,
};
