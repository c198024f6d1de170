import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_GROWTH_SETTINGS, type adminGrowthSettingsBody, type GrowthSettings } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { couponTemplates } from '../../db/tables/funds.tables';
import { growthSettings } from '../../db/tables/growth.tables';

/** The settings row's key: the table holds at most this one row. */
const SETTINGS_ID = 1;

export type AdminGrowthSettingsBody = z.infer<typeof adminGrowthSettingsBody>;

/** The settings row with the coupon template's id, for services that need it (the invite reward). */
export async function loadGrowthSettingsRow(db: DbOrTx): Promise<(GrowthSettings & { inviteCouponTemplateId: number | null }) | null> {
  const [row] = await db
    .select({ s: growthSettings, templateRid: couponTemplates.rid })
    .from(growthSettings)
    .leftJoin(couponTemplates, eq(couponTemplates.id, growthSettings.inviteCouponTemplateId))
    .where(eq(growthSettings.id, SETTINGS_ID))
    .limit(1);
  if (!row) return null;
  return {
    rebateRateBp: row.s.rebateRateBp,
    pointsPerYuan: row.s.pointsPerYuan,
    inviteCouponTemplateRid: row.templateRid ?? null,
    inviteCouponTemplateId: row.s.inviteCouponTemplateId,
    minWithdrawFen: row.s.minWithdrawFen,
  };
}

/** The growth figures in force: the staff's row, or the contract's defaults until staff save one. */
export async function getGrowthSettings(db: DbOrTx): Promise<GrowthSettings> {
  const row = await loadGrowthSettingsRow(db);
  if (!row) return { ...DEFAULT_GROWTH_SETTINGS };
  const { inviteCouponTemplateId: _id, ...settings } = row;
  void _id;
  return settings;
}

/**
 * One figure in force as an SQL expression (the staff's row, else the contract's default), for a
 * statement that needs it without reading the settings first (the order hooks' INSERT … SELECT).
 */
export function growthSettingSql(db: DbOrTx, figure: 'rebateRateBp' | 'pointsPerYuan'): SQL<number> {
  const stored = db.select({ value: growthSettings[figure] }).from(growthSettings).where(eq(growthSettings.id, SETTINGS_ID));
  return sql<number>`coalesce((${stored}), ${DEFAULT_GROWTH_SETTINGS[figure]}::int)`;
}

/**
 * Staff: saves every figure at once. The rebate rate comes in percent (5 → 500 bp), the
 * smallest withdrawal in yuan; the invite coupon must be an active template (blank = none).
 */
export async function updateGrowthSettings(db: DbOrTx, input: AdminGrowthSettingsBody, now: Date): Promise<GrowthSettings> {
  let templateId: number | null = null;
  if (input.invite_coupon_rid) {
    const [template] = await db
      .select({ id: couponTemplates.id })
      .from(couponTemplates)
      .where(and(eq(couponTemplates.rid, input.invite_coupon_rid), eq(couponTemplates.active, true)))
      .limit(1);
    if (!template) throw notFound('优惠券');
    templateId = template.id;
  }
  const values = {
    rebateRateBp: Math.round(input.rebate_rate * 100),
    pointsPerYuan: input.points_per_yuan,
    inviteCouponTemplateId: templateId,
    minWithdrawFen: Math.round(input.min_withdraw * 100),
    updatedAt: now,
  };
  await db
    .insert(growthSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: growthSettings.id, set: values });
  return getGrowthSettings(db);
}
