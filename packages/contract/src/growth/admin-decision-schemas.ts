import { z } from 'zod';
import { optionalText, requiredText, versionPin } from '../common';
import { blankToUndefined, intField, rid } from './fields';

// ---- staff (/api/admin/growth) ----

export const adminPartnerDecisionBody = z.object({ rid: rid('申请'), reason: optionalText('原因', 200) });
// pinned to the version the finance or sales queue showed (versionPin): a request changed since is refused
export const adminWithdrawDecisionBody = z.object({ rid: rid('提现申请'), version: versionPin, reason: optionalText('原因', 200) });
export const adminPointsDecisionBody = z.object({
  rid: rid('积分申请'),
  version: versionPin,
  points: z.preprocess(blankToUndefined, intField('奖励积分', 1, 100_000).optional()),
  reason: optionalText('原因', 200),
});
export const adminExchangeItemBody = z.object({
  name: requiredText('名称', 50),
  kind: z.enum(['coupon', 'gift'], { error: '[类型]不正确' }),
  coupon_template_rid: optionalText('优惠券模板', 40),
  description: optionalText('说明', 500),
  points: intField('所需积分', 1, 1_000_000),
  stock: z.preprocess(blankToUndefined, intField('库存', 0, 1_000_000).optional()),
});
