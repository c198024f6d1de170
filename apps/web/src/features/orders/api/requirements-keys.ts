import { memberKeys } from '../../../api/query-keys';

/** Query keys of requirements and contracts: under ['member'], so refreshMemberData() refreshes them too. */
export const requirementKeys = {
  requirements: [...memberKeys.all, 'requirements'] as const,
  contracts: [...memberKeys.all, 'contracts'] as const,
};
