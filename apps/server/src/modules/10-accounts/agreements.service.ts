import { and, desc, eq, lte, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import {
  labDay,
  labDayStart,
  type AdminAgreementVersion,
  type AgreementKind,
  type AgreementPublishBody,
  type AgreementVersion,
  type AgreementVersionItem,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/tables/accounts.tables';
import { agreementVersions } from '../../db/tables/consent.tables';
import { auditEntity } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';

/**
 * The site's agreements (用户协议, 隐私政策, 委托检测服务条款) as published versions. A version is
 * never edited (a trigger refuses it): 发布 adds version n+1 with its effective day. The current
 * version is the newest whose effective day has come, so a version published for a later day
 * takes over on that day — and only then are members asked again (consents.service).
 */
export type AgreementVersionRow = typeof agreementVersions.$inferSelect;

const kindNames: Record<AgreementKind, string> = { user: '用户协议', privacy: '隐私政策', service: '委托检测服务条款' };

export const agreementNotFound = (kind: AgreementKind) => notFound(kindNames[kind]);

const toItem = (row: AgreementVersionRow): AgreementVersionItem => ({
  kind: row.kind,
  version: row.version,
  title: row.title,
  summary: row.summary,
  effectiveDate: labDay(row.effectiveAt),
  publishedAt: row.publishedAt.toISOString(),
});
const toVersion = (row: AgreementVersionRow): AgreementVersion => ({ ...toItem(row), body: row.body });

/** The version in force at `now` (null before the first is published). */
export async function findCurrentVersion(db: DbOrTx, kind: AgreementKind, now: Date): Promise<AgreementVersionRow | null> {
  const [row] = await db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), lte(agreementVersions.effectiveAt, now)))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  return row ?? null;
}

/** agreement: the current version, or the numbered one (older versions stay readable). */
export async function getAgreement(db: DbOrTx, kind: AgreementKind, version: number | undefined, now: Date): Promise<AgreementVersion> {
  const row =
    version === undefined
      ? await findCurrentVersion(db, kind, now)
      : ((await db.select().from(agreementVersions).where(and(eq(agreementVersions.kind, kind), eq(agreementVersions.version, version))).limit(1))[0] ?? null);
  // a version published for a later day is not shown before that day
  if (!row || row.effectiveAt > now) throw agreementNotFound(kind);
  return toVersion(row);
}

/** agreement/versions: every version in force or past, newest first. */
export async function listAgreementVersions(db: DbOrTx, kind: AgreementKind, now: Date): Promise<AgreementVersionItem[]> {
  const rows = await db
    .select()
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), lte(agreementVersions.effectiveAt, now)))
    .orderBy(desc(agreementVersions.version));
  return rows.map(toItem);
}

/** The back office's list: every version, scheduled ones too, with who published it. */
export async function listAdminAgreementVersions(db: DbOrTx, kind: AgreementKind): Promise<AdminAgreementVersion[]> {
  const rows = await db
    .select({ row: agreementVersions, staffName: staff.name })
    .from(agreementVersions)
    .leftJoin(staff, eq(staff.id, agreementVersions.publishedBy))
    .where(eq(agreementVersions.kind, kind))
    .orderBy(desc(agreementVersions.version));
  return rows.map(({ row, staffName }) => ({ ...toVersion(row), id: row.id, publishedBy: staffName }));
}

/** What an agreement may contain: headings, paragraphs, lists, tables, links — no scripts or styles. */
export function cleanAgreementHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'name', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  }).trim();
}

/**
 * 发布: version n+1 of the kind, effective from the given day (today or later). Two staff
 * publishing at once: the unique (kind, version) index refuses the second, told to reload.
 */
export async function publishAgreement(tx: DbOrTx, input: AgreementPublishBody, staffId: number | null, now: Date): Promise<AdminAgreementVersion> {
  const effectiveAt = labDayStart(input.effectiveDate);
  if (input.effectiveDate < labDay(now)) throw new AppError('BAD_REQUEST', '[生效日期]不能早于今天');
  const body = cleanAgreementHtml(input.body);
  if (!body) throw new AppError('BAD_REQUEST', '[正文]不能为空');
  // one publish at a time per kind: the next number is read under the lock
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agreement:${input.kind}`}))`);
  const [last] = await tx
    .select({ version: agreementVersions.version })
    .from(agreementVersions)
    .where(eq(agreementVersions.kind, input.kind))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  const [row] = await tx
    .insert(agreementVersions)
    .values({
      kind: input.kind,
      version: (last?.version ?? 0) + 1,
      title: input.title,
      body,
      summary: input.summary,
      // today's date means now: a version published at 15:00 is not in force since midnight
      effectiveAt: effectiveAt < now ? now : effectiveAt,
      publishedAt: now,
      publishedBy: staffId,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  const list = await listAdminAgreementVersions(tx, input.kind);
  const published = list.find((v) => v.id === row.id);
  if (!published) throw new Error('published version not found');
  return published;
}

/** How a version reads in the audit log (the text cut: the version itself is the record). */
export const agreementAudit = auditEntity<number>('agreement', async (db, id) => {
  const [row] = await db.select().from(agreementVersions).where(eq(agreementVersions.id, Number(id))).limit(1);
  if (!row) return null;
  return { kind: row.kind, version: row.version, title: row.title, summary: row.summary, effectiveDate: labDay(row.effectiveAt), body: row.body.length > 2000 ? `${row.body.slice(0, 2000)}…` : row.body };
});
