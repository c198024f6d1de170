import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembers } from './admin-members';
import { customerKeys } from './keys';

/** One member's consents (agreements at registration and after updates, 营销短信), newest first. */
export const memberConsentsQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.memberConsents(rid), queryFn: () => adminMembers.consents({ rid }) });
export const useMemberConsents = (rid: string) => useQuery(memberConsentsQueryOptions(rid));
