import { count } from 'drizzle-orm';
import type { Db } from './client';
import { members, staff } from './schema';
import { createStaff } from '../modules/auth/staff.service';
import { hashPassword, randomId } from '../platform/crypto';
import { seedCatalog } from '../modules/catalog/catalog.seed';

/** The accounts the README lists, so a newcomer can log in straight away. */
export const demoAccounts = {
  member: { phone: '13800138000', password: 'Demo@2026' },
  staff: [
    { account: 'admin', name: '系统管理员', role: 'admin', password: 'Admin@2026' },
    { account: 'sales', name: '王经理', role: 'sales', password: 'Sales@2026' },
    { account: 'lab', name: '李实验员', role: 'lab', password: 'Lab@2026!' },
    { account: 'finance', name: '赵会计', role: 'finance', password: 'Finance@2026' },
  ],
} as const;

/** Seeds demo data once: a database that already has staff is left alone. */
export async function seedDemoData(db: Db): Promise<boolean> {
  await seedCatalog(db);
  const [existing] = await db.select({ n: count() }).from(staff);
  if ((existing?.n ?? 0) > 0) return false;
  for (const person of demoAccounts.staff) await createStaff(db, person);
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
  });
  return true;
}
