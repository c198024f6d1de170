import { queryOptions, useQuery } from '@tanstack/react-query';
import type { consents as table } from '@lab/contract/accounts/consent-calls';
import routes from 'virtual:calls/consents';
import { bindCalls } from '../../../api/client';

/** The member's consents (under ['member']: refreshed with the member's data). */
export const agreementKeys = { mine: ['member', 'consents'] as const };

/** The member's consents: 同意 after a new version, 营销短信 on or off, the history. */
export const consents = bindCalls<typeof table>(routes);

/** consent/mine: 营销短信 on or off, and the member's consent history. */
export const myConsentsQueryOptions = () => queryOptions({ queryKey: agreementKeys.mine, queryFn: () => consents.mine() });
export const useMyConsents = () => useQuery(myConsentsQueryOptions());

/** consent/marketingSms: switch 营销短信 on or off (each change is recorded). */
export const setMarketingSms = (granted: boolean) => consents.setMarketingSms({ granted });
