import { hashPassword, randomId } from '../src/platform/crypto';
import type { Db } from '../src/db/client';
import { desc, inArray } from 'drizzle-orm';
import { MEMBER_AGREEMENTS } from '@lab/contract';
import { agreementVersions, memberConsents, members } from '../src/db/schema';
import { createStaff } from '../src/areas/accounts/staff.service';
import { issueSession } from '../src/areas/accounts/sessions.service';
import type { StaffRole } from '@lab/contract';
import { uniquePhone } from './harness';

export const defaultPassword = 'Kx7#Lab-Tests26';

/** argon2id costs ~50 ms a hash; members with the default password share one (salted once). */
const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let hashed = hashCache.get(password);
  if (!hashed) hashCache.set(password, (hashed = hashPassword(password)));
  return hashed;
};

/**
 * A registered member, who agreed (as registration records) to the newest 用户协议 and 隐私政策
 * published, if any; `consented: false` makes an account older than consent records.
 */
export async function makeMember(
  db: Db,
  overrides: Partial<typeof members.$inferInsert> & { password?: string | null; consented?: boolean } = {},
) {
  const { password = defaultPassword, consented = true, ...rest } = overrides;
  const [member] = await db
    .insert(members)
    .values({
      rid: randomId(),
      phone: uniquePhone(),
      passwordHash: password === null ? null : await cachedHash(password),
      nickname: '测试用户',
      inviteCode: randomId(8),
      ...rest,
    })
    .returning();
  if (consented) {
    const versions = await db
      .selectDistinctOn([agreementVersions.kind], { id: agreementVersions.id, kind: agreementVersions.kind, version: agreementVersions.version })
      .from(agreementVersions)
      .where(inArray(agreementVersions.kind, [...MEMBER_AGREEMENTS]))
      .orderBy(agreementVersions.kind, desc(agreementVersions.version));
    if (versions.length) await db.insert(memberConsents).values(versions.map((v) => ({ memberId: member!.id, purpose: v.kind, versionId: v.id, version: v.version, granted: true, channel: 'password' as const })));
  }
  return member!;
}

/** A member with a live token, for calls under /api/auth. */
export async function makeLoggedInMember(db: Db, now = new Date(), overrides: Parameters<typeof makeMember>[1] = {}) {
  const member = await makeMember(db, overrides);
  const session = await issueSession(db, 'member', member.id, { now });
  return { member, ...session };
}

export async function makeStaff(db: Db, role: StaffRole, now = new Date(), password = defaultPassword) {
  const account = `${role}_${randomId(6)}`;
  const person = await createStaff(db, { account, name: `测试${role}`, role, password, now });
  const session = await issueSession(db, 'staff', person.id, { now });
  return { id: person.id, account, password, ...session };
}
