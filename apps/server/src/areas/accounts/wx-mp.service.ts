import { and, eq, sql } from 'drizzle-orm';
import { WX_TICKET_SECONDS, type LoginResult, type WxBindBody, type WxBinding } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/crypto';
import { isUniqueViolation } from '../../db/errors';
import type { MpEvent, WechatMp } from '../../platform/providers/wechat-mp';
import { staffWxBindings, wxBindings, wxTickets } from './accounts.tables';
import { loginWithSmsCode } from './accounts.service';
import type { RequestMeta } from '../../platform/caller';

/**
 * 微信扫码登录 through the official account (docs/decisions/0046-wechat-official-account.md): the
 * desktop's ticket carries a temporary parametric QR code whose scene names it; WeChat pushes the
 * 扫码 (or, for a new follower, 关注) event with that scene to our callback. A WeChat bound to a
 * member confirms the ticket at once; an unbound one leaves it waiting for the phone and an SMS
 * code (wx/bind), asked once. The desktop's poll and its tokens are the local provider's
 * (wx-login.service.ts).
 */

const expired = () => new AppError('TICKET_EXPIRED', '二维码已过期，请刷新后重新扫描');

/** A ticket with WeChat's QR code for it: what the code encodes (drawn by the caller) and WeChat's image. */
export async function createMpTicket(db: Db, wechat: WechatMp, meta: RequestMeta) {
  const ticket = randomToken();
  // the scene names the ticket without being it: the ticket stays the desktop's secret
  const scene = `login_${randomToken().slice(0, 40)}`;
  const qr = await wechat.createSceneQr(scene, WX_TICKET_SECONDS);
  await db.insert(wxTickets).values({
    ticketHash: sha256(ticket),
    scene,
    expiresAt: new Date(meta.now.getTime() + WX_TICKET_SECONDS * 1000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    createdAt: meta.now,
  });
  return { ticket, expire_seconds: WX_TICKET_SECONDS, qrContent: qr.url, imageUrl: qr.imageUrl };
}

/** What the follower reads in WeChat after each kind of scan (the callback's passive reply). */
export const scanReplies = {
  expired: '二维码已过期，请在电脑上刷新二维码后重新扫描。',
  loggedIn: '扫码成功，已登录科研检测商城，请回到电脑继续。',
  bind: '扫码成功。首次使用请在电脑上填写手机号和短信验证码，绑定后即可扫码登录。',
} as const;

/**
 * One event of the official account: 关注/取消关注 keep `subscribed`; a scan with a login scene
 * confirms its ticket (a bound WeChat) or asks for the phone (unbound). Answers the text to reply
 * to the follower, or null.
 */
export async function handleMpEvent(db: Db, event: MpEvent, now: Date): Promise<string | null> {
  // only followers scan (SCAN) or follow (subscribe): either says they follow now
  if (event.event === 'unsubscribe' || event.event === 'subscribe' || event.event === 'SCAN') {
    await db.update(wxBindings).set({ subscribed: event.event !== 'unsubscribe' }).where(eq(wxBindings.openid, event.openid));
    await db.update(staffWxBindings).set({ subscribed: event.event !== 'unsubscribe' }).where(eq(staffWxBindings.openid, event.openid));
  }
  if ((event.event !== 'SCAN' && event.event !== 'subscribe') || !event.scene?.startsWith('login_')) return null;
  const [ticket] = await db.select().from(wxTickets).where(eq(wxTickets.scene, event.scene)).limit(1);
  if (!ticket || ticket.expiresAt <= now || (ticket.status !== 'waiting' && ticket.status !== 'scanned')) return scanReplies.expired;
  const [binding] = await db.select({ memberId: wxBindings.memberId }).from(wxBindings).where(eq(wxBindings.openid, event.openid)).limit(1);
  const claimed = await db
    .update(wxTickets)
    .set(binding ? { status: 'confirmed', memberId: binding.memberId, openid: null } : { status: 'scanned', openid: event.openid })
    .where(and(eq(wxTickets.id, ticket.id), sql`${wxTickets.status} in ('waiting','scanned')`))
    .returning({ id: wxTickets.id });
  if (claimed.length === 0) return scanReplies.expired;
  return binding ? scanReplies.loggedIn : scanReplies.bind;
}

/**
 * wx/bind: the phone and its SMS code bind the WeChat that scanned the ticket, and log in (a new
 * phone registers, as SMS login does); the ticket is spent in the same transaction.
 */
export async function bindAndLogin(db: Db, appId: string, input: WxBindBody, meta: RequestMeta): Promise<LoginResult> {
  const [ticket] = await db.select().from(wxTickets).where(eq(wxTickets.ticketHash, sha256(input.ticket))).limit(1);
  if (!ticket || ticket.status !== 'scanned' || !ticket.openid || ticket.expiresAt <= meta.now) throw expired();
  const openid = ticket.openid;
  try {
    const { created: _created, ...login } = await loginWithSmsCode(db, { ...input, via: 'wechat' }, meta, async (tx, memberId) => {
      const spent = await tx
        .update(wxTickets)
        .set({ status: 'consumed', memberId })
        .where(and(eq(wxTickets.id, ticket.id), eq(wxTickets.status, 'scanned')))
        .returning({ id: wxTickets.id });
      if (spent.length === 0) throw expired();
      // a member has one WeChat: binding another replaces the one they had
      await tx.delete(wxBindings).where(eq(wxBindings.memberId, memberId));
      await tx.insert(wxBindings).values({ memberId, appId, openid, createdAt: meta.now });
    });
    return login;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('该微信已绑定其他账号，请先在该账号的账号设置中解除绑定');
    throw error;
  }
}

export async function wxBindingOf(db: DbOrTx, memberId: number, officialAccount: boolean): Promise<WxBinding> {
  const [row] = await db.select().from(wxBindings).where(eq(wxBindings.memberId, memberId)).limit(1);
  return { bound: Boolean(row), officialAccount, boundAt: row?.createdAt.toISOString() ?? null, subscribed: row ? row.subscribed : null };
}

/** 解除微信绑定: the row goes; the next scan of that WeChat asks for a phone again. */
export async function unbindWx(db: Db, memberId: number, officialAccount: boolean): Promise<WxBinding> {
  await db.delete(wxBindings).where(eq(wxBindings.memberId, memberId));
  return wxBindingOf(db, memberId, officialAccount);
}
