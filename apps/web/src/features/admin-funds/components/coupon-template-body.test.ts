import { describe, expect, it } from 'vitest';
import { adminCouponTemplateBody } from '@lab/contract';
import { templateBody } from './coupon-template-modal';

const draft = {
  name: '新用户立减 ¥50',
  description: '',
  kind: 'amount' as const,
  amount: '50',
  percentOff: null,
  threshold: '300',
  validity: 'days' as const,
  validDays: 30,
  range: null,
  scope: 'all' as const,
  scopeIds: [],
  totalStock: null,
  perMemberLimit: 1,
  claimable: true,
  newMembers: false,
};

describe('coupon template form: 新用户注册即发放', () => {
  it('sends new_members as the switch says, and the contract reads it', () => {
    expect(templateBody(draft)).toMatchObject({ claimable: '1', new_members: '0' });
    const marked = templateBody({ ...draft, newMembers: true });
    expect(marked).toMatchObject({ new_members: '1' });
    expect(adminCouponTemplateBody.parse(marked)).toMatchObject({ new_members: '1', claimable: '1', amount: 50_00, threshold: 300_00 });
  });
});
