import { generateSync } from 'otplib';
import { demoAccounts } from '@lab/contract';

/** The demo accounts' published TOTP secrets (README; packages/contract/src/demo.ts). */
export const demoTotpSecret = (account: string) => {
  const secret = demoAccounts.staff.find((person) => person.account === account)?.totpSecret;
  if (!secret) throw new Error(`${account} has no demo TOTP secret`);
  return secret;
};

const lastStep = new Map<string, number>();

/**
 * A code of the account's authenticator this run has not used yet, computed with otplib as
 * the app on a phone would. The server takes each time step once (replay refused) and accepts
 * the next step's code too (clock drift), so two logins within 30 s are fine and a third waits
 * for the next step.
 */
export async function freshTotpCode(account: string, used = lastStep.get(account) ?? 0): Promise<string> {
  const secret = demoTotpSecret(account);
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const current = Math.floor(now / 30);
    const step = Math.max(current, used + 1);
    if (step <= current + 1) {
      lastStep.set(account, step);
      return generateSync({ secret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, (30 - (now % 30)) * 1000 + 200));
  }
}

/** After the server said a code was used (another run, a restarted worker): skip its step. */
export const skipTotpStep = (account: string) => lastStep.set(account, Math.max(lastStep.get(account) ?? 0, Math.floor(Date.now() / 1000 / 30) + 1));
