import { and, asc, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Page, StaffAccount, StaffAddBody, StaffListBody, StaffPasswordBody, StaffStatusBody, StaffTotpReset, StaffUpdateBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { staff } from '../../db/schema';
import { hashPassword } from '../../platform/crypto';
import { AppError, conflict, notFound } from '../../platform/errors';
import { auditEntity } from '../../platform/audit';
import { isUniqueViolation } from '../../db/errors';
import { clearLoginFailures } from './login-guard.service';
import { revokeAllSessions } from './sessions.service';
import { clearStaffTotp, issueStaffSetupCode } from './staff-totp-binding';
import { escapeLike } from '../../platform/sql-filters';

type StaffRow = typeof staff.$inferSelect;

export function toStaffAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    role: row.role,
    phone: row.phone,
    disabled: row.disabled,
    totpEnabled: row.totpEnabledAt !== null,
    setupCodeExpiresAt: row.totpSetupCodeHash ? (row.totpSetupCodeExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

/** Staff accounts in the audit log: never the password hash. */
export const staffAudit = auditEntity<number>('staff', async (db, id) => {
  const [row] = await db.select().from(staff).where(eq(staff.id, Number(id))).limit(1);
  return row ? toStaffAccount(row) : null;
});


export async function listStaff(db: DbOrTx, query: StaffListBody): Promise<Page<StaffAccount>> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(staff.role, query.role));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(staff.account, like), ilike(staff.name, like), ilike(staff.phone, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = { createdAt: staff.createdAt, lastLoginAt: staff.lastLoginAt, account: staff.account }[query.sort ?? 'createdAt'];
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(staff).where(where).orderBy(direction(column), desc(staff.id)).limit(w.limit).offset(w.offset),
    () => db.$count(staff, where),
    (rows) => rows.map(toStaffAccount),
  );
}

async function findStaff(db: DbOrTx, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  if (!row) throw notFound('员工账号');
  return row;
}

/** The unique constraint a database error names, looking through drizzle's wrapping. */
function violatedConstraint(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw conflict(violatedConstraint(error).includes('phone') ? '该手机号已绑定其他员工账号' : '该账号已存在');
  throw error;
};

export async function addStaff(db: Db, input: StaffAddBody, now: Date): Promise<StaffAccount> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(staff)
    .values({ account: input.account, name: input.name, role: input.role, phone: input.phone ?? null, passwordHash, passwordSetAt: now, createdAt: now })
    .returning()
    .catch(duplicate);
  return toStaffAccount(row!);
}

/**
 * The last active admin cannot lose the role or the account: somebody has to be able to
 * manage staff. Checked under a lock on the admins, so two admins demoting each other at
 * the same moment cannot both succeed.
 */
async function assertAnotherAdminRemains(tx: DbOrTx, id: number) {
  const admins = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), eq(staff.disabled, false), ne(staff.id, id)))
    .for('update');
  if (admins.length === 0) throw new AppError('LAST_ADMIN', '至少需要保留一名启用的管理员', { status: 409 });
}

export async function updateStaff(db: Db, input: StaffUpdateBody): Promise<StaffAccount> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(staff).where(eq(staff.id, input.id)).for('update');
      if (!row) throw notFound('员工账号');
      if (row.role === 'admin' && input.role !== 'admin' && !row.disabled) await assertAnotherAdminRemains(tx, row.id);
      const [updated] = await tx
        .update(staff)
        .set({ name: input.name, role: input.role, phone: input.phone ?? null })
        .where(eq(staff.id, input.id))
        .returning();
      return toStaffAccount(updated!);
    })
    .catch(duplicate);
}

/**
 * A new password from the admin: every session of that person ends and a password hold is
 * lifted. A demo account stops being one — and its published TOTP secret goes with it, so the
 * next login binds a new authenticator.
 */
export async function resetStaffPassword(db: Db, input: StaffPasswordBody, now: Date): Promise<StaffAccount> {
  const person = await findStaff(db, input.id);
  const passwordHash = await hashPassword(input.password);
  const updated = await db.transaction(async (tx) => {
    if (person.demoCredentials) await clearStaffTotp(tx, person.id);
    // a password just handed over: it binds an authenticator alone until it is used (staff-totp.service setupCodeRequired)
    const [row] = await tx.update(staff).set({ passwordHash, demoCredentials: false, passwordSetAt: now }).where(eq(staff.id, person.id)).returning();
    await revokeAllSessions(tx, 'staff', person.id, now);
    await clearLoginFailures(tx, `staff:${person.account}`);
    return row!;
  });
  return toStaffAccount(updated);
}

/**
 * Unbinds a person's authenticator (a lost phone): their recovery codes go too, every session
 * ends, and a one-time setup code is made — answered this once, for the admin to hand over in
 * person or by phone — without which their next login cannot bind a new one (the password
 * alone, perhaps the very thing that leaked, is not enough). On an account not bound yet it just
 * issues a code (a role that needs an authenticator given to an account in use). Audited by the route.
 */
export async function resetStaffTotp(db: Db, id: number, now: Date): Promise<StaffTotpReset> {
  const person = await findStaff(db, id);
  const { updated, setup } = await db.transaction(async (tx) => {
    await clearStaffTotp(tx, person.id);
    const setup = await issueStaffSetupCode(tx, person.id, now);
    await revokeAllSessions(tx, 'staff', person.id, now);
    const [row] = await tx.select().from(staff).where(eq(staff.id, person.id));
    return { updated: row!, setup };
  });
  return { account: toStaffAccount(updated), setupCode: setup.code, setupCodeExpiresAt: setup.expiresAt.toISOString() };
}

/** Disabling ends the person's sessions at once; an admin cannot disable themself. */
export async function setStaffDisabled(db: Db, actorId: number, input: StaffStatusBody, now: Date): Promise<StaffAccount> {
  if (input.disabled && input.id === actorId) throw new AppError('SELF_DISABLE', '不能停用自己的账号', { status: 409 });
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, input.id)).for('update');
    if (!row) throw notFound('员工账号');
    if (input.disabled && row.role === 'admin' && !row.disabled) await assertAnotherAdminRemains(tx, row.id);
    const [updated] = await tx.update(staff).set({ disabled: input.disabled }).where(eq(staff.id, row.id)).returning();
    if (input.disabled) await revokeAllSessions(tx, 'staff', row.id, now);
    return toStaffAccount(updated!);
  });
}

/** Everyone who can be named as an actor or an adviser: id, name and role, active first. */
export async function listStaffNames(db: DbOrTx) {
  const rows = await db
    .select({ id: staff.id, name: staff.name, role: staff.role, disabled: staff.disabled })
    .from(staff)
    .orderBy(asc(staff.disabled), asc(staff.role), asc(staff.name));
  return rows;
}
