import { eq } from 'drizzle-orm';
import type { AgreementDraft, AgreementDraftBody, AgreementKind } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { staffNames } from '../accounts';
import { cleanAgreementHtml } from './agreement-html';
import { agreementDrafts } from './content.tables';

/**
 * 协议管理's drafts (decision 0059): 保存草稿 keeps the text being written without putting it in
 * force; 发布 (agreements.service publishAgreement) removes the kind's draft in the publishing
 * transaction. The body is cleaned as a published one is, so the preview shows what would be
 * published.
 */
async function toDraft(db: DbOrTx, row: typeof agreementDrafts.$inferSelect): Promise<AgreementDraft> {
  const names = await staffNames(db, [row.savedBy]);
  return {
    kind: row.kind,
    title: row.title,
    summary: row.summary,
    body: row.body,
    savedBy: row.savedBy === null ? null : (names.get(row.savedBy) ?? null),
    savedAt: row.savedAt.toISOString(),
  };
}

/** agreement/draft: the kind's draft, or null. */
export async function getAgreementDraft(db: DbOrTx, kind: AgreementKind): Promise<AgreementDraft | null> {
  const [row] = await db.select().from(agreementDrafts).where(eq(agreementDrafts.kind, kind)).limit(1);
  return row ? toDraft(db, row) : null;
}

/** agreement/draft/save: the kind's one draft, replaced. */
export async function saveAgreementDraft(db: DbOrTx, input: AgreementDraftBody, staffId: number | null, now: Date): Promise<AgreementDraft> {
  const values = { title: input.title ?? '', summary: input.summary ?? '', body: cleanAgreementHtml(input.body ?? ''), savedBy: staffId, savedAt: now };
  const [row] = await db
    .insert(agreementDrafts)
    .values({ kind: input.kind, ...values })
    .onConflictDoUpdate({ target: agreementDrafts.kind, set: values })
    .returning();
  return toDraft(db, row!);
}

/** Removes the kind's draft (it was published). */
export async function dropAgreementDraft(db: DbOrTx, kind: AgreementKind): Promise<void> {
  await db.delete(agreementDrafts).where(eq(agreementDrafts.kind, kind));
}

/** How a draft reads in the audit log (保存草稿, keyed by the agreement; the text cut). */
export const agreementDraftAudit = auditEntity<string>('agreement-draft', async (db, kind) => {
  const [row] = await db.select().from(agreementDrafts).where(eq(agreementDrafts.kind, kind as AgreementKind)).limit(1);
  if (!row) return null;
  return { kind: row.kind, title: row.title, summary: row.summary, body: row.body.length > 2000 ? `${row.body.slice(0, 2000)}…` : row.body };
});
