import { queryOptions, useQuery } from '@tanstack/react-query';
import { consents } from '../../../api/consents';
import { agreementKeys } from './keys';

/** consent/mine: 营销短信 on or off, and the member's consent history. */
export const myConsentsQueryOptions = () => queryOptions({ queryKey: agreementKeys.mine, queryFn: () => consents.mine() });
export const useMyConsents = () => useQuery(myConsentsQueryOptions());

/** consent/marketingSms: switch 营销短信 on or off (each change is recorded). */
export const setMarketingSms = (granted: boolean) => consents.setMarketingSms({ granted });
