import {
  labDay,
  type AdminAgreementVersion,
  type AgreementKind,
  type AgreementPublishBody,
  type AgreementVersion,
  type AgreementVersionItem,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { auditEntity } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import { agreementVersionsOf, findAgreementVersion, publishAgreementVersion, staffNames } from '../accounts';
import { withContentChange } from './content-version';
import { cleanAgreementHtml } from './agreement-html';
import { dropAgreementDraft } from './agreement-drafts.service';

/**
 * The site's agreements (用户协议, 隐私政策, 委托检测服务条款) as published versions. A version is
 * never edited (a trigger refuses it): 发布 adds version n+1, in force from that moment, and
 * members are asked again (accounts/consents.service). Publishing is a content change
 * (withContentChange), so the server-drawn agreement pages show the new version at once.
 */
const kindNames: Record<AgreementKind, string> = { user: '用户协议', privacy: '隐私政策', service: '委托检测服务条款' };

/** A published version as accounts keeps it. */
type AgreementVersionRow = Awaited<ReturnType<typeof agreementVersionsOf>>[number];

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

/** agreement: the current version, or the numbered one (older versions stay readable). */
export async function getAgreement(db: DbOrTx, kind: AgreementKind, version: number | undefined, now: Date): Promise<AgreementVersion> {
  const row = version === undefined ? await findAgreementVersion(db, { kind, inForceAt: now }) : await findAgreementVersion(db, { kind, version });
  // a version published for a later day is not shown before that day
  if (!row || row.effectiveAt > now) throw agreementNotFound(kind);
  return toVersion(row);
}

/** agreement/versions: every version in force or past, newest first. */
export async function listAgreementVersions(db: DbOrTx, kind: AgreementKind, now: Date): Promise<AgreementVersionItem[]> {
  return (await agreementVersionsOf(db, kind, now)).map(toItem);
}

/** The back office's list: every version, scheduled ones too, with who published it. */
export async function listAdminAgreementVersions(db: DbOrTx, kind: AgreementKind): Promise<AdminAgreementVersion[]> {
  const rows = await agreementVersionsOf(db, kind);
  const names = await staffNames(db, rows.map((row) => row.publishedBy));
  return rows.map((row) => ({ ...toVersion(row), id: row.id, publishedBy: row.publishedBy === null ? null : (names.get(row.publishedBy) ?? null) }));
}

/**
 * 发布: version n+1 of the kind, in force from now (accounts numbers and keeps the versions,
 * which members consent to: publishAgreementVersion); the kind's draft is removed with it.
 */
export async function publishAgreement(db: Db, input: AgreementPublishBody, staffId: number | null, now: Date): Promise<AdminAgreementVersion> {
  const body = cleanAgreementHtml(input.body);
  if (!body) throw new AppError('BAD_REQUEST', '[正文]不能为空');
  const id = await withContentChange(db, async (tx) => {
    const published = await publishAgreementVersion(tx, { kind: input.kind, title: input.title, body, summary: input.summary }, staffId, now);
    // the draft it was written in is done with
    await dropAgreementDraft(tx, input.kind);
    return published;
  });
  const published = (await listAdminAgreementVersions(db, input.kind)).find((v) => v.id === id);
  if (!published) throw new Error('published version not found');
  return published;
}

/** How a version reads in the audit log (the text cut: the version itself is the record). */
export const agreementAudit = auditEntity<number>('agreement', async (db, id) => {
  const row = await findAgreementVersion(db, { id: Number(id) });
  if (!row) return null;
  return { kind: row.kind, version: row.version, title: row.title, summary: row.summary, effectiveDate: labDay(row.effectiveAt), body: row.body.length > 2000 ? `${row.body.slice(0, 2000)}…` : row.body };
});
