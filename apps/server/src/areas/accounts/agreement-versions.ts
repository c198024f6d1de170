import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { AgreementKind } from '@lab/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { agreementVersions } from './consent.tables';

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;

/**
 * The published versions of the agreements, which members consent to (accounts owns them with
 * the consents). The texts and the 协议管理 screen that publishes them live with the site's
 * content (content/agreements.service.ts), which calls these.
 */

/**
 * The version of an agreement in force at `now` (null before the first is published): what a
 * registration records consent to, and what members are asked about again.
 */
export async function findCurrentVersion(db: DbOrTx, kind: AgreementKind, now: Date): Promise<AgreementVersionRow | null> {
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), lte(agreementVersions.effectiveAt, now)))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  return row ?? null;
}

/** One version by id, by kind and number, or the kind's version in force at a moment (null: none). */
export async function findAgreementVersion(
  db: DbOrTx,
  by: { id: number } | { kind: AgreementKind; version: number } | { kind: AgreementKind; inForceAt: Date },
): Promise<AgreementVersionRow | null> {
  if ('inForceAt' in by) return findCurrentVersion(db, by.kind, by.inForceAt);
  const where = 'id' in by ? eq(agreementVersions.id, by.id) : and(eq(agreementVersions.kind, by.kind), eq(agreementVersions.version, by.version));
  const [row] = await db.select().from(agreementVersions).where(where).limit(1);
  return row ?? null;
}

/** Every version of a kind, newest first; with `inForceAt`, only those in force or past at that moment. */
export async function agreementVersionsOf(db: DbOrTx, kind: AgreementKind, inForceAt?: Date): Promise<AgreementVersionRow[]> {
  return db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), inForceAt ? lte(agreementVersions.effectiveAt, inForceAt) : undefined))
    .orderBy(desc(agreementVersions.version));
}

/**
 * Version n+1 of a kind, in force from `now` (never edited afterwards: a trigger refuses it).
 * Two publishing at once: the second waits for the first (an advisory lock) and becomes the
 * next number. Returns the new version's id.
 */
export async function publishAgreementVersion(
  tx: Tx,
  text: { kind: AgreementKind; title: string; body: string; summary: string },
  staffId: number | null,
  now: Date,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agreement:${text.kind}`}))`);
  const [last] = await tx
    .select({ version: agreementVersions.version })
    .from(agreementVersions)
    .where(eq(agreementVersions.kind, text.kind))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  const [row] = await tx
    .insert(agreementVersions)
    .values({ kind: text.kind, version: (last?.version ?? 0) + 1, title: text.title, body: text.body, summary: text.summary, effectiveAt: now, publishedAt: now, publishedBy: staffId })
    .returning({ id: agreementVersions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
