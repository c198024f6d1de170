import { adminContracts } from './admin-contracts';
import { adminRequirements } from './admin-requirements';
import { requirementKeys } from './keys';
import type { QuoteLineBody } from '../components/quote-lines';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** Lines of catalogue items with their option choices; the server prices them. */
export const quoteRequirement = ({ rid, lines, note }: { rid: string; lines: QuoteLineBody[]; note?: string }) =>
  adminRequirements.quote({ rid, lines: JSON.stringify(lines), note: note || undefined });

/** With the reason the member reads. */
export const closeRequirement = ({ rid, reason }: { rid: string; reason: string }) => adminRequirements.close({ rid, reason });

/** The member's signed copy is accepted (signed → confirmed). */
export const confirmContract = ({ rid }: { rid: string }) => adminContracts.confirm({ rid });

/** The lab's contract for a member to sign (multipart). */
export function sendContract({ memberRid, title, file }: { memberRid: string; title: string; file: File }) {
  const form = new FormData();
  form.append('member_rid', memberRid);
  form.append('title', title);
  form.append('file', file);
  return adminContracts.add(form);
}

export function useRequirementMutation<A, R>(run: (args: A) => Promise<R>) {
  return useApiMutation({ mutationFn: run, invalidates: [requirementKeys.all] });
}
