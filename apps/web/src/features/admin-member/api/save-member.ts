import type { AdminMemberRow } from '@lab/contract';
import { adminMembers } from './admin-members';
import { customerKeys } from './keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** An active customer manager, or none (adviserId null). */
export const setAdviser = ({ rid, adviserId }: { rid: string; adviserId: number | null }) => adminMembers.setAdviser({ rid, adviser_id: adviserId ?? '' });

/** The verified type (0 学生, 3 老师, 1 个人, 2 企业). */
export const setOrganization = ({ rid, organization }: { rid: string; organization: number }) => adminMembers.setOrganization({ rid, organization });

/** Disabling ends every session of the member at once. */
export const setMemberDisabled = ({ rid, disabled, reason }: { rid: string; disabled: boolean; reason?: string }) =>
  adminMembers.setStatus({ rid, disabled: disabled ? '1' : '0', reason: reason || undefined });

/** A change to a member refreshes the area (the table, the detail, the review queues). */
export function useMemberMutation<A>(run: (args: A) => Promise<AdminMemberRow>) {
  return useApiMutation({ mutationFn: run, invalidates: [customerKeys.all] });
}
