import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_GROWTH_SETTINGS, DEFAULT_REBATE_COUPON_DAYS, DEFAULT_REBATE_PAYOUT, type adminGrowthSettingsBody, type GrowthSettings } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../platform/errors';
import { findCouponTemplate } from '../funds';
import { growthSettings } from './growth.tables';

/** The settings row's key: the table holds at most this one row. */
const SETTINGS_ID = 1;

export type AdminGrowthSettingsBody = z.infer<typeof adminGrowthSettingsBody>;

/** The settings row with the coupon template's id, for services that need it (the invite reward). */
export async function loadGrowthSettingsRow(db: DbOrTx): Promise<(GrowthSettings & { inviteCouponTemplateId: number | null }) | null> {
  const [row] = await db.select().from(growthSettings).where(eq(growthSettings.id, SETTINGS_ID)).limit(1);
  if (!row) return null;
  // the invite coupon's rid, from the funds area (a template gone is no coupon)
  const templates = await findCouponTemplate(db, { ids: [row.inviteCouponTemplateId] });
  return {
    rebateRateBp: row.rebateRateBp,
    pointsPerYuan: row.pointsPerYuan,
    inviteCouponTemplateRid: row.inviteCouponTemplateId === null ? null : (templates.get(row.inviteCouponTemplateId)?.rid ?? null),
    inviteCouponTemplateId: row.inviteCouponTemplateId,
    minWithdrawFen: row.minWithdrawFen,
    rebatePayout: { ...DEFAULT_REBATE_PAYOUT, ...(row.rebatePayout ?? {}) },
    rebateCouponDays: row.rebateCouponDays ?? DEFAULT_REBATE_COUPON_DAYS,
  };
}

/** The growth figures in force: the staff's row, or the contract's defaults until staff save one. */
export async function getGrowthSettings(db: DbOrTx): Promise<GrowthSettings> {
  const row = await loadGrowthSettingsRow(db);
  if (!row) return { ...DEFAULT_GROWTH_SETTINGS, rebatePayout: { ...DEFAULT_GROWTH_SETTINGS.rebatePayout } };
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
 * smallest withdrawal in yuan; the invite coupon must be an active template (blank = none); the
 * rebate payout per customer type and the rebate coupons' validity (left out: as they are).
 * Answers the settings now in force (the caller publishes the partner terms they change).
 */
export async function updateGrowthSettings(db: DbOrTx, input: AdminGrowthSettingsBody, now: Date): Promise<GrowthSettings> {
  const before = await getGrowthSettings(db);
  let templateId: number | null = null;
  if (input.invite_coupon_rid) {
    const template = await findCouponTemplate(db, { rid: input.invite_coupon_rid }, { active: true });
    if (!template) throw notFound('优惠券');
    templateId = template.id;
  }
  const values = {
    rebateRateBp: Math.round(input.rebate_rate * 100),
    pointsPerYuan: input.points_per_yuan,
    inviteCouponTemplateId: templateId,
    minWithdrawFen: Math.round(input.min_withdraw * 100),
    rebatePayout: {
      '0': input.payout_0 ?? before.rebatePayout['0'],
      '3': input.payout_3 ?? before.rebatePayout['3'],
      '1': input.payout_1 ?? before.rebatePayout['1'],
      '2': input.payout_2 ?? before.rebatePayout['2'],
    },
    rebateCouponDays: input.coupon_days ?? before.rebateCouponDays,
    updatedAt: now,
  };
  await db
    .insert(growthSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: growthSettings.id, set: values });
  return getGrowthSettings(db);
}
