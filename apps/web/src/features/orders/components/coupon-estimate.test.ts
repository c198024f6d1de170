import { describe, expect, it } from 'vitest';
import type { MemberCoupon } from '@lab/contract';
import { couponEstimate } from './coupon-estimate';

const coupon = (over: Partial<MemberCoupon>): MemberCoupon => ({
  rid: 'c',
  name: '券',
  amountFen: 10000,
  offRateBp: null,
  thresholdFen: 100000,
  scope: { kind: 'all' },
  scopeText: '全部服务可用',
  status: 'unused',
  statusText: '可使用',
  validFrom: '2026-11-01',
  validTo: '2027-01-31',
  usedAt: null,
  claimedAt: '2026-11-01T00:00:00Z',
  ...over,
});
const lines = [
  { typeId: 1, groupId: 31, amountFen: 60000 },
  { typeId: 3, groupId: 51, amountFen: 50000 },
];

describe('coupon estimate on the order form', () => {
  it('a fixed amount once the threshold is reached', () => {
    expect(couponEstimate(coupon({}), lines)).toEqual({ discountFen: 10000, reason: '' });
    expect(couponEstimate(coupon({ thresholdFen: 200000 }), lines)).toEqual({ discountFen: 0, reason: '满¥2,000.00可用' });
  });

  it('a share off counts only the lines in its scope', () => {
    const xrd = coupon({ amountFen: null, offRateBp: 1000, thresholdFen: 20000, scope: { kind: 'groups', ids: [31] } });
    expect(couponEstimate(xrd, lines)).toEqual({ discountFen: 6000, reason: '' });
    expect(couponEstimate(xrd, [lines[1]!])).toEqual({ discountFen: 0, reason: '不适用于所选项目' });
    expect(couponEstimate(coupon({ scope: { kind: 'types', ids: [3] }, thresholdFen: 60000 }), lines).reason).toBe('满¥600.00可用');
  });
});
