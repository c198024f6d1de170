import { booked, onApproved } from '../approvals';
import { notifyQuoted, quoteRequirement, type QuoteBody } from './requirements-admin.service';

/**
 * How an approved 报价单 (a quote over its maker's 报价盖章 limits) is booked
 * (approvals/approval-hooks.ts): the filed lines priced again — a price changed since is refused
 * by the gate (409, the request stays pending) — the requirement quoted and the 报价单 sealed in the
 * approval's transaction; the member's SMS/e-mail after the commit.
 */
export function registerQuoteApprovals(): void {
  onApproved('quote.seal', async ({ db, tx, channels, acting, payload, now }) => {
    const body: QuoteBody = {
      rid: String(payload.rid),
      lines: (payload.lines as QuoteBody['lines']).map((l) => ({ rid: String(l.rid), count: Number(l.count), options: Object.fromEntries(Object.entries(l.options ?? {}).map(([k, v]) => [k, Number(v)])) })),
      ...(payload.note === undefined ? {} : { note: String(payload.note) }),
    };
    const quoted = booked(await quoteRequirement(tx, channels.documents, acting, body, now));
    return { key: quoted.documentNo || quoted.requirement.rid, afterCommit: () => notifyQuoted(db, channels, quoted.requirement) };
  });
}
