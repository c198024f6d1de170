import { count } from 'drizzle-orm';
import { seedAgreements } from '../areas/content/agreements.seed';
import { recordRegistrationConsents } from '../areas/accounts/consents.service';
import { demoAccounts } from '@lab/contract';
import type { Db } from '../db/client';
import { memberAddresses, memberProfiles, members, staff } from '../db/schema';
import { createStaff } from '../areas/accounts/staff.service';
import { hashPassword, randomId } from '../platform/crypto';
import type { SecretBox } from '../platform/secret-box';
import { seedCatalog } from '../areas/catalog/catalog.seed';
import { recountItemOrders } from '../areas/orders/item-order-counts';
import { seedFundsDemo } from '../areas/funds/funds.seed';
import { seedOrdersDemo } from './orders.seed';
import type { ReportFont } from './report-pdf';
import { seedHistory, type HistoryOptions } from './history.seed';
import type { FileStore } from '../platform/providers/file-store';
import type { JobQueue } from '../platform/job-queue';
import { localQueuedProviders } from '../platform/outbox';
import { registerModuleHooks } from '../area-hooks';
import { seedPointsDemo } from '../areas/growth/points.seed';

/** The accounts the README lists, so a newcomer can log in straight away (packages/contract/src/demo.ts). */
export { demoAccounts };

/**
 * Seeds demo data once: a database that already has staff is left alone. With the data
 * directory (where report files are kept) the ordering area gets its demo orders too; their
 * notices are queued in the outbox as a request's are (sent by `jobs` when given), for the local
 * provider only: demo data never texts the demo phones through a real vendor. With `history`
 * (the server's start, SEED_HISTORY) two years of the lab's orders and customers come after them
 * (history.seed.ts; docs/decisions/0049-demo-history.md); the tests leave it out.
 */
export async function seedDemoData(
  db: Db,
  options: { secrets: SecretBox; jobs: JobQueue | null; files?: FileStore; now?: Date; history?: boolean | HistoryOptions; /** the demo reports' CJK font (LAB_DOCUMENT_FONT) */ reportFont?: ReportFont },
): Promise<boolean> {
  registerModuleHooks(); // the demo orders' payments earn points as the server's do
  await seedCatalog(db);
  await seedFundsDemo(db);
  await seedAgreements(db, options.now ?? new Date());
  await seedPointsDemo(db, options.now ?? new Date());
  const [existing] = await db.select({ n: count() }).from(staff);
  if ((existing?.n ?? 0) > 0) return false;
  // marked, so that outside demo mode none of them can log in (staff.service.ts)
  for (const { totpSecret, ...person } of demoAccounts.staff) {
    await createStaff(db, { ...person, demoCredentials: true, totpSecret: totpSecret ? options.secrets.seal(totpSecret) : null });
  }
  await db.insert(members).values({
    rid: randomId(),
    phone: demoAccounts.member.phone,
    passwordHash: await hashPassword(demoAccounts.member.password),
    nickname: '张同学',
    name: '张明',
    email: 'zhangming@example.edu.cn',
    organization: 0,
    company: '华东理工大学 材料科学与工程学院',
    inviteCode: 'DEMO2026',
    // customers of some standing: the student since last year's autumn term, the teacher longer
    createdAt: new Date((options.now ?? new Date()).getTime() - 400 * 86_400_000),
  });
  const [teacher] = await db
    .insert(members)
    .values({
      rid: randomId(),
      phone: demoAccounts.teacher.phone,
      passwordHash: await hashPassword(demoAccounts.teacher.password),
      nickname: '陈老师',
      name: '陈老师',
      email: 'chen@example.sjtu.edu.cn',
      organization: 3,
      company: '上海交通大学 化学化工学院',
      inviteCode: 'TEACH026',
      createdAt: new Date((options.now ?? new Date()).getTime() - 700 * 86_400_000),
    })
    .returning({ id: members.id });
  if (teacher) {
    const place = { province: '上海市', city: '上海市', area: '闵行区', addressCode: '310112', address: '东川路800号 化学化工学院 A楼 305室' };
    // verified by staff, so the attestation counts as reviewed (the back office's 资料认证 queue)
    await db.insert(memberProfiles).values({ memberId: teacher.id, ...place, attestedAt: new Date(), reviewStatus: 'approved', reviewedAt: new Date() });
    await db.insert(memberAddresses).values({ rid: randomId(), memberId: teacher.id, name: '陈老师', phone: demoAccounts.teacher.phone, ...place, isDefault: true });
  }
  if (options.files) await seedOrdersDemo(db, options.files, localQueuedProviders(db, options.jobs), options.now ?? new Date(), options.reportFont);
  // the demo members registered as anyone does: with the current 用户协议 and 隐私政策 agreed
  for (const { id } of await db.select({ id: members.id }).from(members)) {
    await recordRegistrationConsents(db, id, { agreement: true, marketingSms: false }, 'password', { now: options.now ?? new Date() });
  }
  // two years of the lab's business before today (history.seed.ts): the server's demo, never the tests'
  if (options.history) await seedHistory(db, options.now ?? new Date(), options.history === true ? {} : options.history);
  // each item's 已服务 N 单 from the orders just made, not the catalogue's illustrative figure
  if (options.files || options.history) await recountItemOrders(db);
  return true;
}
