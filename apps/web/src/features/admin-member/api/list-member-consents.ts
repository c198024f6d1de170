import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';

/** One member's consents (agreements at registration and after updates, 营销短信), newest first. */
export const memberConsentsQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.memberConsents(rid), queryFn: () => adminCustomers.consents({ rid }) });
export const useMemberConsents = (rid: string) => useQuery(memberConsentsQueryOptions(rid));
