import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A token a person can never guess: 32 random bytes, URL safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** High-entropy tokens are stored as SHA-256: enough, and fast enough to look up per request. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const alphabet = '23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
/** Public ids (rid) and invite codes: random, no look-alike characters. */
export function randomId(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(10))).join('');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// argon2id with the OWASP baseline: 19 MiB, t=2, p=1.
const argonOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argonOptions);

/** Verified when there is no stored hash (an unknown account, a member without a password). */
let decoyHash: Promise<string> | null = null;
let verifications = 0;
/** argon2 verifications this process has made: the work every login does, known account or not. */
export const passwordVerifications = () => verifications;

/**
 * Checks a password against its stored hash. Without one (an unknown account) it checks
 * against a decoy hash all the same and answers false, so an unknown account costs the same
 * argon2 time as a known one and the time of the answer does not tell which accounts exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    const against = stored ?? (await (decoyHash ??= hashPassword(randomToken())));
    verifications += 1;
    const valid = await verify(against, password);
    return stored !== null && valid;
  } catch {
    return false;
  }
}
