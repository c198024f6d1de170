import { adminKey } from '../lib/admin-api';

/** Every approvals query under one key: a decision (or a filed action elsewhere) refreshes the list and the badge. */
export const approvalKeys = {
  all: [...adminKey, 'approvals'] as const,
  list: (query: object) => [...adminKey, 'approvals', 'list', query] as const,
  counts: [...adminKey, 'approvals', 'counts'] as const,
  limits: [...adminKey, 'approvals', 'limits'] as const,
};
