import { and, asc, eq, exists, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addDays, formatFen, labDay, labNow, REMINDER_END_HOUR, type JobSettings } from '@lab/contract';
import type { Db, DbOrTx } from '../../../db/client';
import { couponsExpiring } from '../../funds';
import { sentReminders } from './desk.tables';
import { samplings } from '../pickups/pickups.tables';
import { orderFiles, orders } from '../orders.tables';
import { certificatesExpiringWithin } from '../../content';
import { postMessage, sendNotice, type NoticeChannels } from '../../messages';
import { notifyStaffOfRole, raiseStaffAlert } from '../../messages';
import { orderLink } from '../notices';
import { getJobSettings } from '../../../platform/job-settings';

/**
 * The members' reminders (PRODUCT.md "Time-driven rules"), checked every hour in the day
 * (from 任务设置's hour until 21:00 lab time, so nobody gets an SMS at night):
 * - a home pickup tomorrow: the member (in-site message, SMS, e-mail) and the pickup staff
 *   (the lab: an in-site alert under 系统提醒 and an SMS to each lab staff member);
 * - an unused coupon that expires within 任务设置's days (default 3);
 * - an order whose raw data leaves the lab's retention (任务设置: kept N days after delivery,
 *   default 180, or until the later end a paid extension of the vault stored: data-retention.ts)
 *   within the reminder's days (default 7): a prompt to download it in time.
 *
 * - (staff) a 资质证书 whose validity ends within 30 days: an alert to the admins, once per
 *   certificate and end date (the alert's key).
 *
 * Each reminder once: its `sent_reminders` row is written in the transaction that posts the
 * message and queues the SMS and e-mail (the outbox), so a second run, or another instance at
 * the same moment, finds the key taken and sends nothing.
 */

const DAY_MS = 24 * 3600_000;
/** who collects home pickups: the lab's staff (they receive the samples, and the pickup is closed when they do) */
export const PICKUP_STAFF_ROLE = 'lab' as const;

export interface RemindersOutcome {
  pickups: string[];
  coupons: string[];
  retention: string[];
  /** certificate ids whose staff reminder went out */
  certificates: number[];
}

/** 资质证书: the admins are reminded this many days before a certificate's validity ends. */
export const CERTIFICATE_REMINDER_DAYS = 30;

/** Claims a reminder in the caller's transaction; false when it was sent already. */
async function claim(tx: DbOrTx, kind: (typeof sentReminders.$inferInsert)['kind'], key: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(sentReminders).values({ key: `${kind}:${key}`, kind, createdAt: now }).onConflictDoNothing().returning({ key: sentReminders.key });
  return rows.length > 0;
}

/** Whether reminders may go out at this hour (lab time). */
export const remindersOpen = (settings: Pick<JobSettings, 'reminderHour'>, now: Date) => {
  const { hour } = labNow(now);
  return hour >= settings.reminderHour && hour < REMINDER_END_HOUR;
};

/** The retention's end of data delivered at `deliveredAt`. */
export const retentionEnds = (deliveredAt: Date, settings: Pick<JobSettings, 'rawDataRetentionDays'>) => new Date(deliveredAt.getTime() + settings.rawDataRetentionDays * DAY_MS);

export async function sendReminders(db: Db, channels: NoticeChannels, now: Date): Promise<RemindersOutcome> {
  const outcome: RemindersOutcome = { pickups: [], coupons: [], retention: [], certificates: [] };
  const settings = await getJobSettings(db);
  if (!remindersOpen(settings, now)) return outcome;
  const when = (at: Date) => at.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

  // ---- home pickups tomorrow ----
  const tomorrow = addDays(labDay(now), 1);
  const pickups = await db.select().from(samplings).where(and(eq(samplings.status, 'pending'), eq(samplings.pickupDate, tomorrow))).orderBy(asc(samplings.id));
  for (const pickup of pickups) {
    const done = await db.transaction(async (tx) => {
      if (!(await claim(tx, 'pickup', String(pickup.id), now))) return false;
      const place = `${pickup.province}${pickup.city}${pickup.area}${pickup.address}`;
      const text = `您预约的上门取样在明天（${pickup.pickupDate}）${pickup.timeSlot}，地址：${place}。请提前准备好样品；如需改期请在“上门取样”中取消后重新预约。`;
      await postMessage(tx, pickup.memberId, { kind: 'sample', title: '明天上门取样提醒', content: text, link: '/member/sample' }, now);
      await sendNotice(tx, channels, pickup.memberId, { template: 'pickup_reminder', params: { date: pickup.pickupDate, time: pickup.timeSlot }, subject: '明天上门取样提醒', body: text });
      const staffText = `明天（${pickup.pickupDate}）${pickup.timeSlot} 上门取样：${pickup.name} ${pickup.phone}，${place}${pickup.message ? `，留言：${pickup.message}` : ''}。`;
      await raiseStaffAlert(tx, { key: `pickup:${pickup.id}`, kind: 'pickup_due', role: PICKUP_STAFF_ROLE, title: `明天上门取样：${pickup.name} ${pickup.timeSlot}`, content: staffText, link: '/admin/sampling', createdAt: now });
      await notifyStaffOfRole(tx, channels.sms, PICKUP_STAFF_ROLE, { template: 'staff_pickup_reminder', params: { date: pickup.pickupDate, time: pickup.timeSlot, name: pickup.name }, body: staffText, sms: true });
      return true;
    });
    if (done) outcome.pickups.push(pickup.rid);
  }

  // ---- coupons about to expire ----
  const coupons = await couponsExpiring(db, now, new Date(now.getTime() + settings.couponReminderDays * DAY_MS));
  for (const coupon of coupons) {
    const done = await db.transaction(async (tx) => {
      if (!(await claim(tx, 'coupon', String(coupon.id), now))) return false;
      const worth = coupon.amountFen ? `（${formatFen(coupon.amountFen)}）` : '';
      const text = `您的优惠券“${coupon.name}”${worth}将于${when(coupon.validTo)}到期，请在到期前使用。`;
      await postMessage(tx, coupon.memberId, { kind: 'funds', title: '优惠券即将到期', content: text, link: '/member/coupon' }, now);
      // a nudge to spend: marketing (SMS only with the member's 营销短信 consent; the in-site message always)
      await sendNotice(tx, channels, coupon.memberId, { template: 'coupon_expiring', params: { name: coupon.name, validTo: labDay(coupon.validTo) }, subject: '优惠券即将到期', body: text, marketing: true });
      return true;
    });
    if (done) outcome.coupons.push(coupon.rid);
  }

  // ---- raw data about to leave retention: its end (delivery + the retention days, or the later end a
  // paid extension of the vault stored, data-retention.ts) within the reminder's days ----
  const deliveredAfter = new Date(now.getTime() - settings.rawDataRetentionDays * DAY_MS);
  const deliveredBy = new Date(now.getTime() - (settings.rawDataRetentionDays - settings.retentionReminderDays) * DAY_MS);
  const derivedEnd = sql`${orders.deliveredAt} + (${settings.rawDataRetentionDays} * interval '1 day')`;
  const delivered = await db
    .select({ id: orders.id, orderNo: orders.orderNo, memberId: orders.memberId, title: orders.title, deliveredAt: orders.deliveredAt, retentionUntil: orders.retentionUntil })
    .from(orders)
    .where(
      or(
        and(
          inArray(orders.progress, ['delivered', 'completed']),
          isNotNull(orders.deliveredAt),
          gt(orders.deliveredAt, deliveredAfter),
          lte(orders.deliveredAt, deliveredBy),
          exists(db.select({ one: sql`1` }).from(orderFiles).where(and(eq(orderFiles.orderId, orders.id), eq(orderFiles.kind, 'report')))),
          // kept longer by a paid extension: reminded before that end instead (below)
          or(isNull(orders.retentionUntil), sql`${orders.retentionUntil} <= ${derivedEnd}`),
        ),
        and(
          isNotNull(orders.retentionUntil),
          gt(orders.retentionUntil, now),
          lte(orders.retentionUntil, new Date(now.getTime() + settings.retentionReminderDays * DAY_MS)),
          ne(orders.progress, 'cancelled'),
          or(isNull(orders.deliveredAt), sql`${orders.retentionUntil} > ${derivedEnd}`),
        ),
      ),
    )
    .orderBy(asc(orders.id));
  for (const order of delivered) {
    const derived = order.deliveredAt ? retentionEnds(order.deliveredAt, settings) : null;
    const extended = order.retentionUntil && (!derived || order.retentionUntil > derived) ? order.retentionUntil : null;
    const ends = extended ?? derived!;
    const done = await db.transaction(async (tx) => {
      // a re-test delivers again, and the retention starts again: the key names the delivery; an
      // extension's key names its end, so a later extension is reminded again before its own end
      const key = extended ? `${order.id}:until:${extended.toISOString()}` : `${order.id}:${order.deliveredAt!.toISOString()}`;
      if (!(await claim(tx, 'retention', key, now))) return false;
      const text = `您的订单${order.orderNo}（${order.title}）的原始数据保存期将于${when(ends)}结束，请在此之前下载报告和数据。`;
      await postMessage(tx, order.memberId, { kind: 'order', title: `订单${order.orderNo}的数据即将到期`, content: text, link: orderLink(order.orderNo) }, now);
      await sendNotice(tx, channels, order.memberId, { template: 'data_retention_ending', params: { orderNo: order.orderNo, endsAt: labDay(ends) }, subject: `订单${order.orderNo}的数据即将到期`, body: text });
      return true;
    });
    if (done) outcome.retention.push(order.orderNo);
  }

  // ---- 资质证书 ending within 30 days: an alert to the admins (系统提醒), once per certificate and end date ----
  for (const certificate of await certificatesExpiringWithin(db, now, CERTIFICATE_REMINDER_DAYS)) {
    const raised = await raiseStaffAlert(db, {
      // a renewed certificate (a later valid_to) is reminded again before its new end
      key: `certificate:${certificate.id}:${certificate.validTo}`,
      kind: 'certificate_expiring',
      role: 'admin',
      title: `资质证书即将到期：${certificate.name}`,
      content: `资质证书“${certificate.name}”（${certificate.number}，${certificate.issuer}）将于 ${certificate.validTo} 到期，到期后前台资质页不再展示。请及时办理复评审或换证，并在“内容管理 → 资质证书”中更新证书图片与有效期。`,
      link: '/admin/content/certificates',
      createdAt: now,
    });
    if (raised) outcome.certificates.push(certificate.id);
  }
  return outcome;
}
