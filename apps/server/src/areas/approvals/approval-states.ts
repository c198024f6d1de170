import { desc, inArray } from 'drizzle-orm';
import { approvalStatusLabels, type ApprovalStatus } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { approvalRequests } from './approvals.tables';

/** Where a filed action stands, for the screen of the object it is about (a requirement's quote). */
export interface FiledState {
  rid: string;
  status: ApprovalStatus;
  statusText: string;
  valueFen: number | null;
  /** the checker's reason (rejected) or the maker's (withdrawn) */
  reason: string | null;
  createdAt: string;
}

/**
 * The latest request filed under each of these dedupe keys (e.g. `quote.seal:<requirement rid>`),
 * by key: what the object's own screen shows (报价待审批, 报价被驳回：…). Keys never filed are absent.
 */
export async function latestFiled(db: DbOrTx, keys: string[]): Promise<Map<string, FiledState>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      key: approvalRequests.dedupeKey,
      rid: approvalRequests.rid,
      status: approvalRequests.status,
      valueFen: approvalRequests.valueFen,
      reason: approvalRequests.decisionReason,
      createdAt: approvalRequests.createdAt,
    })
    .from(approvalRequests)
    .where(inArray(approvalRequests.dedupeKey, unique))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id));
  const latest = new Map<string, FiledState>();
  for (const row of rows) {
    if (row.key === null || latest.has(row.key)) continue;
    latest.set(row.key, { rid: row.rid, status: row.status, statusText: approvalStatusLabels[row.status], valueFen: row.valueFen, reason: row.reason, createdAt: row.createdAt.toISOString() });
  }
  return latest;
}
