import { isApprovalFiled, type ApprovalFiled, type PrestoreApplication, type PrestoreRule, type PrestoreRules } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { versionOf } from '../../../test/decision-pins';
import { randomId } from '../../platform/crypto';
import { communities, communityMembers } from '../member/member.tables';
import { seedFundsDemo } from './funds.seed';

export type Person = { token: string; member: { id: number; rid: string } };

export const post = <T = unknown>(t: TestContext, url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

export const member = (t: TestContext, overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), overrides);
export const staffOf = (t: TestContext, role: 'finance' | 'sales' | 'lab' | 'admin') => makeStaff(t.db, role, t.clock.now());

export async function fundsContext(t: TestContext) {
  await seedFundsDemo(t.db);
}

/** A pending prestore application, confirmed by finance when asked: the member then has the money. */
export async function topUpViaApi(t: TestContext, who: Person, finance: { token: string }, amount: string, confirm = true) {
  const added = await post<PrestoreApplication>(t, '/api/auth/prestoreApply/add', who, { amount });
  if (added.code !== 1) throw new Error(added.msg);
  if (!confirm) return added.data;
  const confirmed = await post<PrestoreApplication>(t, '/api/admin/funds/prestore/confirm', finance, { rid: added.data.rid, version: await versionOf(t.db, 'prestore', added.data.rid) });
  if (confirmed.code !== 1 || isApprovalFiled(confirmed.data)) throw new Error(confirmed.msg);
  return confirmed.data;
}

/**
 * Saves bonus tiers as finance does; a raise is filed (every raise needs a second person) and
 * is then approved by another finance member. Answers the tiers in force and whether it was filed.
 */
export async function saveTiers(t: TestContext, finance: { token: string }, tiers: { threshold: string; rate: number }[]) {
  const saved = await post<PrestoreRule[] | ApprovalFiled>(t, '/api/admin/funds/prestore/rules', finance, { rules: JSON.stringify(tiers) });
  if (saved.code !== 1) throw new Error(saved.msg);
  if (!isApprovalFiled(saved.data)) return { rules: saved.data, filed: false };
  const approved = await post(t, '/api/admin/approvals/approve', await staffOf(t, 'finance'), { rid: saved.data.pendingApproval.rid });
  if (approved.code !== 1) throw new Error(approved.msg);
  return { rules: (await post<PrestoreRules>(t, '/api/admin/funds/prestore/rules/current', finance)).data.rules, filed: true };
}

/** A community owned by the member (inserted directly; the member module's own tests cover cluster/add). */
export async function ownCommunity(t: TestContext, owner: Person) {
  const [row] = await t.db.insert(communities).values({ rid: randomId(), name: `课题组${randomId(4)}`, unit: '复旦大学', ownerMemberId: owner.member.id }).returning();
  await t.db.insert(communityMembers).values({ communityId: row!.id, memberId: owner.member.id, role: 'owner', status: 'approved' });
  return row!;
}
