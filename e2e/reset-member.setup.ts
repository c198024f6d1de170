import { test } from '@playwright/test';
import { registerByApi } from './support/auth';
import { randomPhone } from './support/sms';
import { saveResetMember } from './support/reset-member';

test('register the member whose password auth.spec.ts resets', async ({ request }) => {
  const member = { phone: randomPhone(), password: 'First@2026' };
  const codeSentAt = Date.now();
  await registerByApi(request, member.phone, member.password);
  saveResetMember(test.info(), { ...member, codeSentAt });
});
