import { and, desc, eq, sql } from 'drizzle-orm';
import type { MemberProfile } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { newOrderNo } from '../orders/order-core';
import { memberMessages } from '../messages/member-messages.tables';
import { orders } from '../orders/orders.tables';
import { communities, communityMembers } from './member.tables';

/** Factories and readers for the back-office customer tests (members, reviews, growth and requirement audits). */

export type Person = Awaited<ReturnType<typeof makeLoggedInMember>>;
export type Staff = Awaited<ReturnType<typeof makeStaff>>;

/** A staff call with a JSON body, as the back office sends it. */
export const staffPost = <T = unknown>(t: TestContext, url: string, who: { token: string } | undefined, json: Record<string, unknown> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), json });

/** A member call with a form body, as the site sends it. */
export const memberPost = <T = unknown>(t: TestContext, url: string, who: { token: string } | undefined, form: Record<string, string | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

export const staffOf = (t: TestContext, role: 'admin' | 'sales' | 'lab' | 'finance') => makeStaff(t.db, role, t.clock.now());

/** The attestation form a student fills in (资料认证). */
export const studentAttestation = {
  name: '王小明',
  email: 'xm@example.edu.cn',
  organization: '0',
  company: '复旦大学材料科学系',
  teacher: '李教授',
  teacher_phone: '13700137000',
  teacher_mail: 'li@example.edu.cn',
  province: '上海市',
  city: '上海市',
  area: '杨浦区',
  address_code: '310110',
  address: '邯郸路220号',
};

/** A member who submitted the attestation through the site: it waits for review. */
export async function attestedStudent(t: TestContext, overrides: Partial<typeof studentAttestation> = {}, account: Parameters<typeof makeLoggedInMember>[2] = {}) {
  const person = await makeLoggedInMember(t.db, t.clock.now(), { nickname: '小明同学', createdAt: t.clock.now(), ...account });
  const res = await memberPost<MemberProfile>(t, '/api/auth/user/update4profile', person, { ...studentAttestation, ...overrides });
  if (res.code !== 1) throw new Error(res.msg);
  return person;
}

/** The audit rows of an action on one object, newest first. */
export const auditRowsOf = (db: Db, action: string, targetKey: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetKey, targetKey)))
    .orderBy(desc(auditLog.id));

export const auditCount = async (db: Db) => (await db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

/** The newest in-site message of a member. */
export const lastMessage = async (db: Db, memberId: number) =>
  (await db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId)).orderBy(desc(memberMessages.id)).limit(1))[0];

/** An order row of a member (inserted directly; the orders module's tests cover placing and paying). */
export async function orderOf(db: Db, memberId: number, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await db
    .insert(orders)
    .values({ orderNo: newOrderNo(createdAt), memberId, title: 'XRD 物相分析', lineCount: 1, sampleCount: 1, totalFen: 60_000, createdAt, updatedAt: createdAt, ...overrides })
    .returning();
  return row!;
}

/** Credits a member's account of one kind (prepaid funds, points, rebates) with a ledger entry. */
export async function creditMember(db: Db, memberId: number, amountFen: number, kind: 'prestore' | 'points' | 'rebate' = 'prestore', now = new Date()) {
  const type = kind === 'prestore' ? 'topup' : kind === 'points' ? 'points_award' : 'rebate_release';
  await db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', memberId, kind);
    await creditAccount(tx, account.id, amountFen, type, `test:${randomId(8)}`, systemActor, now, '测试入账');
  });
}

/** A community owned by the member, in the review status asked for (inserted directly; cluster/add has its own tests). */
export async function communityOf(db: Db, ownerId: number, overrides: Partial<typeof communities.$inferInsert> = {}) {
  const [row] = await db
    .insert(communities)
    .values({ rid: randomId(), name: `课题组${randomId(4)}`, unit: '复旦大学材料科学系', description: '薄膜材料', ownerMemberId: ownerId, ...overrides })
    .returning();
  await db.insert(communityMembers).values({ communityId: row!.id, memberId: ownerId, role: 'owner', status: 'approved' });
  return row!;
}

/** A multipart upload (fields, then one file) as the back office's upload buttons send it. */
export function multipartUpload(t: TestContext, url: string, token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; filename: string }) {
  const boundary = '----members-admin';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
}

export const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 65)]);
export const pngBytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
