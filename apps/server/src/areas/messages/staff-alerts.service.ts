import { and, desc, eq, inArray, isNull, like, type SQL } from 'drizzle-orm';
import { labDay, type Page, type StaffAlertView, type StaffAlertListBody, type StaffRole } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { staffContactsOfRole } from '../accounts';
import { isWechatKind, templateData, templateFor } from './notice-channels.service';
import { staffAlerts } from './staff-alerts.tables';
import { auditEntity } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { SmsProvider } from '../../platform/messaging';
import type { StaffCodesFailing } from '../accounts';

/**
 * In-site alerts to staff (站内提醒): what a background job found that a person must act on —
 * a ledger that does not add up (admins), a service promise about to fall due (the role that
 * keeps it). One row per finding (`key`): a job that runs again, or on a second instance, does
 * not raise it twice. Listed in the back office until someone marks it handled: an admin sees
 * every alert, any other staff member the alerts of their own role.
 */

export type StaffAlertInput = Omit<typeof staffAlerts.$inferInsert, 'id' | 'handledAt' | 'handledBy'>;

/** Raises the alert unless one with its key exists; answers whether it is new. */
export async function raiseStaffAlert(db: DbOrTx, alert: StaffAlertInput): Promise<boolean> {
  const inserted = await db.insert(staffAlerts).values(alert).onConflictDoNothing({ target: staffAlerts.key }).returning({ id: staffAlerts.id });
  return inserted.length > 0;
}

type AlertRow = typeof staffAlerts.$inferSelect;

const toView = (row: AlertRow): StaffAlertView => ({
  id: row.id,
  kind: row.kind,
  role: row.role,
  title: row.title,
  content: row.content,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/**
 * The alert also to each enabled staff member of the role, queued in the caller's transaction
 * (the outbox): it leaves exactly when the alert is recorded. A staff member who bound a WeChat
 * still following the official account gets it as that kind's template message (when an admin set
 * one; its SMS the fallback if they left: 43004); the others get the SMS when `sms` is on and they
 * have a phone. Without either they keep the in-site alert. Answers how many were sent something.
 */
export async function notifyStaffOfRole(
  db: DbOrTx,
  sms: SmsProvider,
  role: StaffRole,
  message: { template: string; params: Record<string, string | number>; body: string; sms: boolean },
): Promise<number> {
  const people = await staffContactsOfRole(db, role);
  const template = isWechatKind(message.template) && people.some((p) => p.wechat?.subscribed) ? await templateFor(db, message.template) : null;
  let reached = 0;
  for (const person of people) {
    const text = { phone: person.phone ?? '', template: message.template, params: message.params, body: `【科研检测】${message.body}` };
    if (template && person.wechat?.subscribed) {
      await sms.send({ ...text, wechat: { openid: person.wechat.openid, templateId: template.templateId, data: templateData(template.fields, message.params) } }, db);
    } else if (message.sms && person.phone) {
      await sms.send(text, db);
    } else continue;
    reached += 1;
  }
  return reached;
}

/** Whose alerts a staff member sees and may handle: an admin every role's, anyone else their own role's. */
const forReader = (reader: { role: StaffRole }): SQL | undefined => (reader.role === 'admin' ? undefined : eq(staffAlerts.role, reader.role));

/** Newest first; `open` keeps those nobody has handled. Admins see every role's, others their role's. */
export async function listStaffAlerts(db: DbOrTx, reader: { role: StaffRole }, query: StaffAlertListBody): Promise<Page<StaffAlertView>> {
  const filters: SQL[] = [];
  const mine = forReader(reader);
  if (mine) filters.push(mine);
  if (query.open) filters.push(isNull(staffAlerts.handledAt));
  if (query.kind) filters.push(eq(staffAlerts.kind, query.kind));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    (w) => db.select().from(staffAlerts).where(where).orderBy(desc(staffAlerts.createdAt), desc(staffAlerts.id)).limit(w.limit).offset(w.offset),
    () => db.$count(staffAlerts, where),
    (rows) => rows.map(toView),
  );
}

export const staffAlertAudit = auditEntity<number>('staff_alert', async (db, id) => {
  const [row] = await db.select().from(staffAlerts).where(eq(staffAlerts.id, id)).limit(1);
  return row ? toView(row) : null;
});

/** 标记已处理: the first handling stays. Another role's alert is not found, as in the list. */
export async function handleStaffAlert(db: DbOrTx, reader: { id: number; role: StaffRole }, id: number, now: Date): Promise<StaffAlertView> {
  const visible = and(eq(staffAlerts.id, id), forReader(reader));
  await db
    .update(staffAlerts)
    .set({ handledAt: now, handledBy: reader.id })
    .where(and(visible, isNull(staffAlerts.handledAt)));
  const [row] = await db.select().from(staffAlerts).where(visible).limit(1);
  if (!row) throw notFound('提醒');
  return toView(row);
}

/**
 * The settings a start found putting money at risk (platform/config.ts startupWarnings: the
 * simulated gateway beside a real channel or outside demo mode) as 系统提醒 for admins, kept in
 * step with the running configuration: one open alert per condition (raised again the next day
 * if someone marked it handled and the setting is still there), and the open alerts of a
 * condition no longer present are closed (handled by nobody: the restart fixed it).
 */
export async function syncConfigAlerts(db: DbOrTx, conditions: Array<{ key: string; title: string; content: string }>, now: Date): Promise<void> {
  const prefix = (key: string) => `config:${key}:`;
  for (const condition of conditions) {
    const [open] = await db
      .select({ id: staffAlerts.id })
      .from(staffAlerts)
      .where(and(eq(staffAlerts.kind, 'config'), like(staffAlerts.key, `${prefix(condition.key)}%`), isNull(staffAlerts.handledAt)))
      .limit(1);
    if (!open) await raiseStaffAlert(db, { key: `${prefix(condition.key)}${labDay(now)}`, kind: 'config', role: 'admin', title: condition.title, content: condition.content, link: null, createdAt: now });
  }
  const current = conditions.map((condition) => condition.key);
  const stillOpen = await db
    .select({ id: staffAlerts.id, key: staffAlerts.key })
    .from(staffAlerts)
    .where(and(eq(staffAlerts.kind, 'config'), isNull(staffAlerts.handledAt)));
  const gone = stillOpen.filter((row) => !current.some((key) => row.key.startsWith(prefix(key)))).map((row) => row.id);
  if (gone.length > 0) await db.update(staffAlerts).set({ handledAt: now }).where(and(isNull(staffAlerts.handledAt), inArray(staffAlerts.id, gone)));
}

const roleNames: Record<StaffRole, string> = { admin: '管理员', sales: '销售', lab: '实验室', finance: '财务' };

/**
 * Second-factor codes failing on a staff account (10-accounts/staff-hooks.ts): a 系统提醒 for the
 * admins and an SMS to the owner's phone, once an hour per account (the alert's key). A wrong
 * code comes after the password or the owner's SMS code, so it says the password may be known.
 */
export async function alertStaffCodesFailing(db: DbOrTx, event: StaffCodesFailing): Promise<void> {
  const { staff: person, failures, ip, now } = event;
  const hour = now.toISOString().slice(0, 13);
  const raised = await raiseStaffAlert(db, {
    key: `staff_login:${person.id}:${hour}`,
    kind: 'staff_login',
    role: 'admin',
    title: `员工账号 ${person.account}（${person.name}，${roleNames[person.role]}）两步验证码多次错误`,
    content: `近1小时内该账号的动态码或绑定码错误 ${failures} 次${ip ? `，最近一次来自 ${ip}` : ''}。输入这些码之前须先通过该账号的密码或短信验证码，密码可能已泄露：请联系本人确认，如非本人操作请立即重置其密码。`,
    link: '/admin/staff',
    createdAt: now,
  });
  if (!raised || !person.phone) return;
  await event.sms.send(
    {
      phone: person.phone,
      template: 'staff_login_alert',
      params: { account: person.account, count: failures },
      body: `【科研检测】您的后台账号 ${person.account} 近1小时内两步验证码错误 ${failures} 次。如非本人操作，您的密码可能已泄露，请立即联系管理员重置密码。`,
    },
    db,
  );
}
