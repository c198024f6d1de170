import { adminKey } from '../../../lib/admin-api';

export const staffKeys = {
  all: [...adminKey, 'staff'] as const,
  list: (query: object) => [...adminKey, 'staff', 'list', query] as const,
  names: [...adminKey, 'staff', 'names'] as const,
  audit: (query: object) => [...adminKey, 'audit', 'list', query] as const,
  auditActions: [...adminKey, 'audit', 'actions'] as const,
};
