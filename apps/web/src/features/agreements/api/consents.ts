import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgreementKind } from '@lab/contract';
import type { consents as table } from '@lab/contract/calls/agreements';
import routes from 'virtual:calls/consents';
import { bindCalls } from '../../../api/client';

/** The agreements' pages (public, the same for everyone) and the member's consents. */
export const agreementKeys = {
  text: (kind: AgreementKind, version: number | undefined) => ['agreements', kind, version ?? 'current'] as const,
  versions: (kind: AgreementKind) => ['agreements', kind, 'versions'] as const,
  mine: ['member', 'consents'] as const,
};

/** The member's consents: 同意 after a new version, 营销短信 on or off, the history. */
export const consents = bindCalls<typeof table>(routes);

/** consent/mine: 营销短信 on or off, and the member's consent history. */
export const myConsentsQueryOptions = () => queryOptions({ queryKey: agreementKeys.mine, queryFn: () => consents.mine() });
export const useMyConsents = () => useQuery(myConsentsQueryOptions());

/** consent/marketingSms: switch 营销短信 on or off (each change is recorded). */
export const setMarketingSms = (granted: boolean) => consents.setMarketingSms({ granted });
