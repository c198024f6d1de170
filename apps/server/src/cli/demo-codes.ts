/**
 * npm run demo:codes — the current TOTP codes of the demo admin and finance accounts, for
 * trying the demo without an authenticator app. It knows only the published demo secrets
 * (packages/contract/src/demo.ts), never a real account's, and reads no database.
 */
import { generateSync } from 'otplib';
import { demoAccounts } from '@lab/contract';

const now = Math.floor(Date.now() / 1000);
const left = 30 - (now % 30);
for (const person of demoAccounts.staff) {
  if (!person.totpSecret) continue;
  process.stdout.write(`${person.account.padEnd(8)} ${generateSync({ secret: person.totpSecret, epoch: now })}\n`);
}
process.stdout.write(`（${left} 秒后更换；每个动态码只能使用一次）\n`);
