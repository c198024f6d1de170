import { and, eq } from 'drizzle-orm';
import type { WxBinding } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import type { MpEvent, WechatMp } from '../../platform/providers/wechat-mp';
import { staffWxBindings, wxTickets } from './accounts.tables';

/**
 * 微信提醒 of a staff member (docs/decisions/0056-wechat-staff-alerts-and-subscriptions.md): the
 * back office asks for the official account's temporary QR code whose scene (`staff_…`) is a
 * wx_tickets row naming the staff account; WeChat pushes the 扫码 / 关注 event with that scene
 * and the WeChat that scanned is bound (replacing the one the staff member had). The promise
 * job then sends them its alerts as template messages (messages/staff-alerts.service.ts).
 */

/** How long the binding QR code is good: long enough to find the phone and open WeChat. */
export const STAFF_WX_QR_SECONDS = 600;
export const STAFF_SCENE_PREFIX = 'staff_';

export async function createStaffBindQr(db: Db, wechat: WechatMp, staffId: number, now: Date) {
  const scene = `${STAFF_SCENE_PREFIX}${randomToken().slice(0, 40)}`;
  const qr = await wechat.createSceneQr(scene, STAFF_WX_QR_SECONDS);
  // the row stands for the scene only: nobody logs in with it (no ticket is handed out)
  await db.insert(wxTickets).values({ ticketHash: sha256(randomToken()), scene, staffId, expiresAt: new Date(now.getTime() + STAFF_WX_QR_SECONDS * 1000), createdAt: now });
  return { expire_seconds: STAFF_WX_QR_SECONDS, qrContent: qr.url };
}

/** What the staff member reads in WeChat after scanning. */
export const staffScanReplies = {
  expired: '二维码已过期，请在后台“微信提醒”中刷新二维码后重新扫描。',
  bound: '已绑定后台微信提醒：服务承诺即将到期或超时时，将通过本公众号提醒您。',
  taken: '该微信已绑定其他员工账号的提醒，请先在该账号中解除绑定。',
} as const;

/** A scan of a staff scene: binds the WeChat to the staff member named by the scene (once per QR code). */
export async function bindStaffByScene(db: Db, appId: string, event: MpEvent & { scene: string }, now: Date): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [ticket] = await tx
        .update(wxTickets)
        .set({ status: 'consumed', openid: event.openid })
        .where(and(eq(wxTickets.scene, event.scene), eq(wxTickets.status, 'waiting')))
        .returning();
      if (!ticket || ticket.staffId === null || ticket.expiresAt <= now) {
        // an expired code is spent all the same: a late scan binds nothing
        return staffScanReplies.expired;
      }
      await tx.delete(staffWxBindings).where(eq(staffWxBindings.staffId, ticket.staffId));
      await tx.insert(staffWxBindings).values({ staffId: ticket.staffId, appId, openid: event.openid, createdAt: now });
      return staffScanReplies.bound;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return staffScanReplies.taken;
    throw error;
  }
}

export async function staffWxBindingOf(db: DbOrTx, staffId: number, officialAccount: boolean): Promise<WxBinding> {
  const [row] = await db.select().from(staffWxBindings).where(eq(staffWxBindings.staffId, staffId)).limit(1);
  return { bound: Boolean(row), officialAccount, boundAt: row?.createdAt.toISOString() ?? null, subscribed: row ? row.subscribed : null };
}

export async function unbindStaffWx(db: Db, staffId: number, officialAccount: boolean): Promise<WxBinding> {
  await db.delete(staffWxBindings).where(eq(staffWxBindings.staffId, staffId));
  return staffWxBindingOf(db, staffId, officialAccount);
}
