import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  AGREEMENT_REQUIRED_MESSAGE,
  CONSENT_CHANGED_MESSAGE,
  MEMBER_AGREEMENTS,
  labDay,
  type ConsentAcceptBody,
  type ConsentChannel,
  type ConsentDueItem,
  type ConsentRecord,
  type MyConsents,
} from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';
import { agreementVersions, memberConsents } from './consent.tables';
import { AppError } from '../../platform/errors';
import { findCurrentVersion } from './agreement-versions';
import type { RequestMeta } from '../../platform/caller';

/**
 * Members' consents (个人信息保护法 art. 13–17): the agreements ticked at registration, agreed
 * again after a new version, and the optional marketing SMS, switched on or off. Rows are only
 * added; the newest row per purpose is the state, the rows are the proof (who, what version,
 * when, from which address, through which path).
 */

export const agreementRequired = () => new AppError('AGREEMENT_REQUIRED', AGREEMENT_REQUIRED_MESSAGE, { status: 400 });

const where = (meta: RequestMeta) => ({ ip: meta.ip ?? null, userAgent: meta.userAgent?.slice(0, 300) ?? null, createdAt: meta.now });

/**
 * A new account's consents, in the registration's transaction: the current 用户协议 and 隐私政策
 * (whatever version is in force as the account is made), and 营销短信 when ticked.
 */
export async function recordRegistrationConsents(
  tx: DbOrTx,
  memberId: number,
  input: { agreement: boolean; marketingSms: boolean },
  channel: ConsentChannel,
  meta: RequestMeta,
): Promise<void> {
  if (!input.agreement) throw agreementRequired();
  const rows: (typeof memberConsents.$inferInsert)[] = [];
  for (const kind of MEMBER_AGREEMENTS) {
    const current = await findCurrentVersion(tx, kind, meta.now);
    // before any version is published (a fresh database without the seed) the tick is still kept
    rows.push({ memberId, purpose: kind, versionId: current?.id ?? null, version: current?.version ?? null, granted: true, channel, ...where(meta) });
  }
  if (input.marketingSms) rows.push({ memberId, purpose: 'marketing_sms', granted: true, channel, ...where(meta) });
  await tx.insert(memberConsents).values(rows);
}

/**
 * The agreements a member must accept again: those whose version in force is newer than the
 * newest the member agreed to. A member who never agreed (accounts older than consent
 * records) is asked too.
 */
export async function listConsentDue(db: DbOrTx, memberId: number, now: Date): Promise<ConsentDueItem[]> {
  const agreed = await db
    .select({ purpose: memberConsents.purpose, version: sql<number | null>`max(${memberConsents.version})` })
    .from(memberConsents)
    .where(and(eq(memberConsents.memberId, memberId), eq(memberConsents.granted, true), inArray(memberConsents.purpose, [...MEMBER_AGREEMENTS])))
    .groupBy(memberConsents.purpose);
  const agreedOf = new Map(agreed.map((a) => [a.purpose, a.version === null ? 0 : Number(a.version)]));
  const due: ConsentDueItem[] = [];
  for (const kind of MEMBER_AGREEMENTS) {
    const current = await findCurrentVersion(db, kind, now);
    if (!current) continue;
    if ((agreedOf.get(kind) ?? 0) < current.version) {
      due.push({ kind, version: current.version, title: current.title, summary: current.summary, effectiveDate: labDay(current.effectiveAt) });
    }
  }
  return due;
}

/**
 * 同意 in the dialog: the versions the member read, recorded with channel 're-consent'. A
 * version that is no longer the one in force (staff published again while the dialog was
 * open) is refused, so nobody is recorded as agreeing to a text they were not shown.
 */
export async function acceptConsents(db: DbOrTx, memberId: number, input: ConsentAcceptBody, meta: RequestMeta): Promise<void> {
  const rows: (typeof memberConsents.$inferInsert)[] = [];
  const items = MEMBER_AGREEMENTS.flatMap((kind) => (input[kind] === undefined ? [] : [{ kind, version: input[kind] }]));
  for (const item of items) {
    const current = await findCurrentVersion(db, item.kind, meta.now);
    if (!current || current.version !== item.version) throw new AppError('CONFLICT', CONSENT_CHANGED_MESSAGE);
    rows.push({ memberId, purpose: item.kind, versionId: current.id, version: current.version, granted: true, channel: 're-consent', ...where(meta) });
  }
  await db.insert(memberConsents).values(rows);
}

const toRecord = (row: typeof memberConsents.$inferSelect): ConsentRecord => ({
  purpose: row.purpose,
  version: row.version,
  granted: row.granted,
  channel: row.channel,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

/** A member's consent history, newest first (the member's 隐私与授权 and the back office's member detail). */
export async function listConsentHistory(db: DbOrTx, memberId: number): Promise<ConsentRecord[]> {
  const rows = await db
    .select()
    .from(memberConsents)
    .where(eq(memberConsents.memberId, memberId))
    .orderBy(desc(memberConsents.createdAt), desc(memberConsents.id))
    .limit(200);
  return rows.map(toRecord);
}

/** Whether marketing SMS may go to these members: their newest marketing_sms row says granted. */
export async function marketingSmsAllowed(db: DbOrTx, memberIds: number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([memberConsents.memberId], { memberId: memberConsents.memberId, granted: memberConsents.granted })
    .from(memberConsents)
    .where(and(inArray(memberConsents.memberId, memberIds), eq(memberConsents.purpose, 'marketing_sms')))
    .orderBy(memberConsents.memberId, desc(memberConsents.createdAt), desc(memberConsents.id));
  return new Set(rows.filter((r) => r.granted).map((r) => r.memberId));
}

export async function getMyConsents(db: DbOrTx, memberId: number): Promise<MyConsents> {
  const [allowed, history] = await Promise.all([marketingSmsAllowed(db, [memberId]), listConsentHistory(db, memberId)]);
  return { marketingSms: allowed.has(memberId), history };
}

/**
 * 营销短信 on or off from 账号设置. A change is a row (granted or withdrawn); switching to the
 * state already in force writes nothing. The member row is locked so two clicks stay in order.
 */
export async function setMarketingSms(db: DbOrTx, memberId: number, granted: boolean, meta: RequestMeta): Promise<MyConsents> {
  await db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const allowed = await marketingSmsAllowed(tx, [memberId]);
    if (allowed.has(memberId) !== granted) {
      await tx.insert(memberConsents).values({ memberId, purpose: 'marketing_sms', granted, channel: 'settings', ...where(meta) });
    }
  });
  return getMyConsents(db, memberId);
}

/**
 * Whether a newer 用户协议 or 隐私政策 waits for this member's consent: one statement, asked by
 * the consent gate on every call that starts new processing (listConsentDue says which).
 */
export async function hasConsentDue(db: DbOrTx, memberId: number, now: Date): Promise<boolean> {
  const current = db
    .selectDistinctOn([agreementVersions.kind], { kind: agreementVersions.kind, version: agreementVersions.version })
    .from(agreementVersions)
    .where(and(inArray(agreementVersions.kind, [...MEMBER_AGREEMENTS]), lte(agreementVersions.effectiveAt, now)))
    .orderBy(agreementVersions.kind, desc(agreementVersions.version))
    .as('current');
  const [row] = await db
    .select({ kind: current.kind })
    .from(current)
    .where(
      sql`${current.version} > coalesce((select max(${memberConsents.version}) from ${memberConsents} where ${memberConsents.memberId} = ${memberId} and ${memberConsents.purpose} = ${current.kind} and ${memberConsents.granted}), 0)`,
    )
    .limit(1);
  return row !== undefined;
}
