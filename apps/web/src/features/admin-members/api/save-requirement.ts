import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContract, AdminRequirement } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';
import type { QuoteLineBody } from '../components/quote-lines';

/** POST /api/admin/demand/quote — lines of catalogue items with their option choices; the server prices them. */
export const quoteRequirement = ({ rid, lines, note }: { rid: string; lines: QuoteLineBody[]; note?: string }) =>
  adminPost<AdminRequirement>('/api/admin/demand/quote', { rid, lines: JSON.stringify(lines), note: note || undefined });

/** POST /api/admin/demand/close — with the reason the member reads. */
export const closeRequirement = ({ rid, reason }: { rid: string; reason: string }) => adminPost<AdminRequirement>('/api/admin/demand/close', { rid, reason });

/** POST /api/admin/contract/confirm — the member's signed copy is accepted (signed → confirmed). */
export const confirmContract = ({ rid }: { rid: string }) => adminPost<AdminContract>('/api/admin/contract/confirm', { rid });

/** POST /api/admin/contract/add (multipart) — the lab's contract for a member to sign. */
export function sendContract({ memberRid, title, file }: { memberRid: string; title: string; file: File }) {
  const form = new FormData();
  form.append('member_rid', memberRid);
  form.append('title', title);
  form.append('file', file);
  return adminPost<AdminContract>('/api/admin/contract/add', form);
}

export function useRequirementMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }) });
}
