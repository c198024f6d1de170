import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { AdminCertificate, CertificateAddBody, CertificateEditBody, PublicCertificate } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { certificates } from './content.tables';
import { notFound } from '../../platform/errors';
import { fileUrl, shanghaiDate, withContentChange } from './content-version';

/**
 * 资质证书 (/license): kept in `certificates`, edited in the back office (admin, audited), every
 * change bumping the content version. The public list holds the certificates valid today (lab
 * calendar) in `sort` order; a demo certificate (演示数据, an illustration) is listed as
 * 示例证书 without its number, so the site never presents an invented number as a real
 * accreditation.
 */

type CertificateRow = typeof certificates.$inferSelect;

const toAdmin = (row: CertificateRow, fileHost: string, today: string): AdminCertificate => ({
  id: row.id,
  name: row.name,
  img: row.img,
  imgUrl: fileUrl(fileHost, row.img),
  number: row.number,
  issuer: row.issuer,
  scope: row.scope,
  validFrom: row.validFrom,
  validTo: row.validTo,
  sort: row.sort,
  demo: row.demo,
  expired: row.validTo < today,
});

const orderBy = [asc(certificates.sort), asc(certificates.id)] as const;

export async function listAdminCertificates(db: DbOrTx, fileHost: string, now: Date): Promise<AdminCertificate[]> {
  const rows = await db.select().from(certificates).orderBy(...orderBy);
  return rows.map((row) => toAdmin(row, fileHost, shanghaiDate(now)));
}

export async function getAdminCertificate(db: DbOrTx, id: number, fileHost: string, now: Date): Promise<AdminCertificate | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ? toAdmin(row, fileHost, shanghaiDate(now)) : null;
}

const values = (input: CertificateAddBody) => ({
  name: input.name,
  img: input.img,
  number: input.number,
  issuer: input.issuer,
  scope: input.scope ?? '',
  validFrom: input.validFrom,
  validTo: input.validTo,
  demo: input.demo,
});

export async function addCertificate(db: Db, input: CertificateAddBody, fileHost: string, now: Date): Promise<AdminCertificate> {
  const row = await withContentChange(db, async (tx) => {
    const [last] = await tx.select({ sort: certificates.sort }).from(certificates).orderBy(desc(certificates.sort)).limit(1);
    const [inserted] = await tx
      .insert(certificates)
      .values({ ...values(input), sort: input.sort ?? Math.min(9999, (last?.sort ?? -1) + 1), createdAt: now, updatedAt: now })
      .returning();
    return inserted!;
  });
  return toAdmin(row, fileHost, shanghaiDate(now));
}

export async function editCertificate(db: Db, input: CertificateEditBody, fileHost: string, now: Date): Promise<AdminCertificate> {
  const row = await withContentChange(db, async (tx) => {
    const [updated] = await tx
      .update(certificates)
      .set({ ...values(input), ...(input.sort === undefined ? {} : { sort: input.sort }), updatedAt: now })
      .where(eq(certificates.id, input.id))
      .returning();
    if (!updated) throw notFound('资质证书');
    return updated;
  });
  return toAdmin(row, fileHost, shanghaiDate(now));
}

export async function deleteCertificate(db: Db, id: number): Promise<{ id: number }> {
  return withContentChange(db, async (tx) => {
    const [deleted] = await tx.delete(certificates).where(eq(certificates.id, id)).returning({ id: certificates.id });
    if (!deleted) throw notFound('资质证书');
    return deleted;
  });
}

/** GET /api/open/web/certificates: valid today (from ≤ today ≤ to), demo ones without their number. */
export async function listPublicCertificates(db: DbOrTx, fileHost: string, now: Date): Promise<PublicCertificate[]> {
  const today = shanghaiDate(now);
  const rows = await db
    .select()
    .from(certificates)
    .where(and(lte(certificates.validFrom, today), gte(certificates.validTo, today)))
    .orderBy(...orderBy);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    img: fileUrl(fileHost, row.img),
    number: row.demo ? null : row.number,
    issuer: row.issuer,
    scope: row.scope,
    validFrom: row.validFrom,
    validTo: row.validTo,
    demo: row.demo,
  }));
}

/** Certificates whose validity ends within `days` days of today (lab calendar) and has not ended: for the staff reminder. */
export async function certificatesExpiringWithin(db: DbOrTx, now: Date, days: number): Promise<CertificateRow[]> {
  const today = shanghaiDate(now);
  const until = shanghaiDate(new Date(now.getTime() + days * 24 * 3_600_000));
  return db.select().from(certificates).where(and(gte(certificates.validTo, today), lte(certificates.validTo, until))).orderBy(asc(certificates.validTo), asc(certificates.id));
}
