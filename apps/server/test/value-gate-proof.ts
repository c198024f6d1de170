import type { z } from 'zod';
import { isApprovalFiled, isFixedKind, type ApprovalKind } from '@lab/contract';
import type { RouteEntry } from '../src/app';
import { limitRow, setLimit } from '../src/areas/approvals/approvals.test-helpers';
import { changedTables, databaseDigest } from './access-world';
import type { Attempt, Entry } from './value-registry';
import { send, w } from './value-world';

export const fieldSchema = (route: RouteEntry) => (route.config.upload?.fields ?? route.schema.body) as z.ZodType;

/** What is written besides the filed request itself when an action is filed. */
const FILING_TABLES = ['approval_requests', 'audit_log'];

/**
 * A gate, proved (what is wrong with it; empty: nothing): at a ¥0 limit of its maker's role the
 * decision is filed for approval and writes nothing but the request and its audit row; with no
 * limit it books alone (a fixed kind, which has no limit, only the first half).
 */
export async function gateProblems(key: string, kind: ApprovalKind, attempt: Attempt & { upload?: boolean }): Promise<string[]> {
  const role = attempt.who;
  const saved = await limitRow(w.t, role, kind);
  const problems: string[] = [];
  try {
    await setLimit(w.t, role, kind, 0);
    const body = await attempt.body();
    const digest = await databaseDigest(w.t);
    const filed = await send(key, attempt, body);
    if (filed.code !== 1 || !isApprovalFiled(filed.data)) problems.push(`${key}: at a ¥0 ${kind} limit it answered ${filed.status} ${filed.msg} without filing for approval`);
    const written = changedTables(digest, await databaseDigest(w.t)).filter((name) => !FILING_TABLES.includes(name));
    if (written.length) problems.push(`${key}: at a ¥0 ${kind} limit it wrote ${written.join(', ')}`);
    if (!isFixedKind(kind)) {
      await setLimit(w.t, role, kind, null);
      const alone = await send(key, attempt, await attempt.body());
      if (alone.code !== 1 || isApprovalFiled(alone.data)) problems.push(`${key}: with no limit it did not book alone (${alone.status} ${alone.msg})`);
    }
  } finally {
    await setLimit(w.t, role, kind, saved.limit, saved.periods);
  }
  return problems;
}

/** How the gate proof makes a registered decision: a pinned one through its case (changed first, so a cancel finds its order paid). */
export function attemptOf(entry: Entry): (Attempt & { upload?: boolean }) | undefined {
  if (entry.kind === 'fixed') return entry.attempt;
  if (entry.kind !== 'pinned') return undefined;
  const c = entry.case;
  return {
    who: c.who,
    ...(c.upload ? { upload: true } : {}),
    body: async () => {
      const { seen, change } = await c.setup();
      await change();
      return seen();
    },
  };
}
