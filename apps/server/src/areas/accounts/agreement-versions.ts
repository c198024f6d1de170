import { and, desc, eq, lte } from 'drizzle-orm';
import type { AgreementKind } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { agreementVersions } from './consent.tables';

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;

/**
 * The version of an agreement in force at `now` (null before the first is published): what a
 * registration records consent to, and what members are asked about again. Publishing lives
 * with the site's content (20-content/agreements.service.ts).
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
