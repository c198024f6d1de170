import { and, desc, eq } from 'drizzle-orm';
import { PARTNER_TERMS_TITLE, partnerTermsParagraphs, type AdminGrowthSettings, type GrowthSettings, type PartnerTermsFigures, type RebatePayoutRules } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { partnerTerms, partnerTermsAcceptances } from './growth.tables';
import { getGrowthSettings, updateGrowthSettings, type AdminGrowthSettingsBody } from './settings.service';

/**
 * The 推广合伙人协议 (issue 28, hole 10): written from the growth settings' rebate rate, payout per
 * customer type and rebate coupons' validity (contract partnerTermsParagraphs), published as
 * numbered versions that are only ever added, and accepted by each partner — when applying, and
 * again after a new version before they may withdraw. The rebates released under a version are
 * paid as it says (rebates.service), and say which version that was.
 */

export type PartnerTermsRow = typeof partnerTerms.$inferSelect;

export const PARTNER_TERMS_CHANGED = '《推广合伙人协议》已更新，请阅读新版本后再提交';
export const PARTNER_TERMS_NOT_ACCEPTED = '《推广合伙人协议》已更新，请先阅读并同意新版协议';

const figuresOf = (settings: Pick<GrowthSettings, 'rebateRateBp' | 'rebatePayout' | 'rebateCouponDays'>): PartnerTermsFigures => ({
  rateBp: settings.rebateRateBp,
  payout: settings.rebatePayout,
  couponDays: settings.rebateCouponDays,
});
const samePayout = (a: RebatePayoutRules, b: RebatePayoutRules) => a['0'] === b['0'] && a['1'] === b['1'] && a['2'] === b['2'] && a['3'] === b['3'];
const sameFigures = (row: PartnerTermsRow, figures: PartnerTermsFigures) => row.rateBp === figures.rateBp && row.couponDays === figures.couponDays && samePayout(row.payout, figures.payout);

async function latest(db: DbOrTx): Promise<PartnerTermsRow | null> {
  const [row] = await db.select().from(partnerTerms).orderBy(desc(partnerTerms.version)).limit(1);
  return row ?? null;
}

/** Publishes the next version written from these figures (a version taken meanwhile by another instance: that one stands). */
async function publish(db: DbOrTx, version: number, figures: PartnerTermsFigures, staffId: number | null, now: Date): Promise<PartnerTermsRow> {
  await db
    .insert(partnerTerms)
    .values({ version, rateBp: figures.rateBp, payout: figures.payout, couponDays: figures.couponDays, title: PARTNER_TERMS_TITLE, body: partnerTermsParagraphs(figures).join('\n'), publishedAt: now, publishedBy: staffId })
    .onConflictDoNothing({ target: partnerTerms.version });
  return (await latest(db))!;
}

/** The version in force; the first one is written from the settings in force when first asked for. */
export async function currentPartnerTerms(db: DbOrTx, now: Date): Promise<PartnerTermsRow> {
  return (await latest(db)) ?? publish(db, 1, figuresOf(await getGrowthSettings(db)), null, now);
}

/**
 * After staff saved the growth settings (in their transaction): when the rate, the payout rule or
 * the coupons' validity changed, the next version is published. Answers the version in force.
 */
export async function publishPartnerTermsIfChanged(db: DbOrTx, staffId: number, now: Date): Promise<PartnerTermsRow> {
  const figures = figuresOf(await getGrowthSettings(db));
  const current = await latest(db);
  if (current && sameFigures(current, figures)) return current;
  return publish(db, (current?.version ?? 0) + 1, figures, staffId, now);
}

export const termsView = (row: PartnerTermsRow) => ({ version: row.version, title: row.title, paragraphs: row.body.split('\n'), publishedAt: row.publishedAt.toISOString() });

/** The newest version the member accepted, or null. */
export async function acceptedTermsVersion(db: DbOrTx, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ version: partnerTermsAcceptances.version })
    .from(partnerTermsAcceptances)
    .where(eq(partnerTermsAcceptances.memberId, memberId))
    .orderBy(desc(partnerTermsAcceptances.version))
    .limit(1);
  return row?.version ?? null;
}

/**
 * Records that the member accepted `version`, which must be the version in force (a newer one
 * published since they read it: 409, nothing recorded). Accepting the same version again changes nothing.
 */
export async function acceptPartnerTerms(db: DbOrTx, memberId: number, version: number, channel: 'apply' | 'update', now: Date): Promise<PartnerTermsRow> {
  const current = await currentPartnerTerms(db, now);
  if (current.version !== version) throw new AppError('PARTNER_TERMS_CHANGED', PARTNER_TERMS_CHANGED, { status: 409 });
  await db.insert(partnerTermsAcceptances).values({ memberId, termsId: current.id, version: current.version, channel, createdAt: now }).onConflictDoNothing();
  return current;
}

/** Refuses a cash withdrawal until the partner accepted the version in force. */
export async function assertCurrentTermsAccepted(db: DbOrTx, memberId: number, now: Date): Promise<void> {
  const current = await currentPartnerTerms(db, now);
  const [accepted] = await db
    .select({ id: partnerTermsAcceptances.id })
    .from(partnerTermsAcceptances)
    .where(and(eq(partnerTermsAcceptances.memberId, memberId), eq(partnerTermsAcceptances.termsId, current.id)))
    .limit(1);
  if (!accepted) throw new AppError('PARTNER_TERMS_NOT_ACCEPTED', PARTNER_TERMS_NOT_ACCEPTED, { status: 409 });
}

/** What the audit log keeps of the settings: the figures and the version of the terms published (null: none yet); reads only. */
export async function growthSettingsRecord(db: DbOrTx) {
  return { ...(await getGrowthSettings(db)), termsVersion: (await latest(db))?.version ?? null };
}

/** 后台 → 推广与积分设置: the settings in force with the version of the terms they are published as. */
export async function adminGrowthSettings(db: DbOrTx, now: Date): Promise<AdminGrowthSettings> {
  return { ...(await getGrowthSettings(db)), termsVersion: (await currentPartnerTerms(db, now)).version };
}

/** Saves the settings and, when what the terms state changed, publishes their next version — in the call's transaction. */
export async function saveAdminGrowthSettings(db: DbOrTx, staffId: number, input: AdminGrowthSettingsBody, now: Date): Promise<AdminGrowthSettings> {
  await currentPartnerTerms(db, now); // the first version states the settings as they were before this change
  const settings = await updateGrowthSettings(db, input, now);
  return { ...settings, termsVersion: (await publishPartnerTermsIfChanged(db, staffId, now)).version };
}
