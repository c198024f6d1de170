import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import { calls } from '@lab/contract/calls';
import type { StaffLoginAnswer } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { said, serve } from '../../platform/calls';
import { loginWithPassword, loginWithSmsCode, registerMember, resetPassword } from './accounts.service';
import { sendMemberSmsCode } from './sms-codes.service';
import { revokeFamily, rotateRefreshToken } from './sessions.service';
import { requestMeta } from '../../platform/caller';
import { confirmWxTicket, createWxTicket, markWxTicketScanned, pollWxTicket } from './wx-login.service';
import { bindAndLogin, createMpTicket, unbindWx, wxBindingOf } from './wx-mp.service';
import { getStaffInfo, loginStaff, loginStaffWithSmsCode, sendStaffLoginCode } from './staff.service';
import { verifyStaffTotp } from './staff-totp.service';
import { enableStaffTotp, startStaffTotpSetup } from './staff-totp-binding';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
const perHour = (max: number) => ({ rateLimit: { max, timeWindow: 3_600_000 } });

/** Who is asking, for the session row and the login guard. */

/** Ends the session the token belongs to (its refresh token too). */
const logout = async ({ request, db, now }: { request: FastifyRequest; db: AppDeps['db']; now: Date }) => {
  if (request.tokenFamily) await revokeFamily(db, request.tokenFamily, now);
  return null;
};

/** The member's account: register, log in, tokens, who is logged in. */
export const accountRoutes = serve(calls.accounts, {
  login: { handler: (ctx) => loginWithPassword(ctx.db, ctx.body, requestMeta(ctx)), config: perMinute(30) },
  loginBySms: {
    handler: async (ctx) => {
      const { created, ...session } = await loginWithSmsCode(ctx.db, ctx.body, requestMeta(ctx));
      return { ...session, newMember: created };
    },
    config: perMinute(30),
  },
  sendCode: {
    handler: async (ctx) => {
      await sendMemberSmsCode(ctx.db, ctx.deps.sms, ctx.body, requestMeta(ctx));
      return null;
    },
    config: perHour(20),
  },
  register: { handler: (ctx) => registerMember(ctx.db, ctx.body, requestMeta(ctx)), config: perMinute(20) },
  resetPassword: {
    handler: async (ctx) => {
      await resetPassword(ctx.db, ctx.body, requestMeta(ctx));
      return null;
    },
    config: perMinute(20),
  },
  refresh: {
    handler: (ctx) => {
      const token = ctx.body.token ?? ctx.query.token;
      if (!token) throw badRequest('[刷新令牌]不能为空');
      return rotateRefreshToken(ctx.db, token, requestMeta(ctx));
    },
    config: perMinute(60),
  },
  logout,
});

/** A QR code as an SVG data URL (the pages' CSP allows no outside images). */
export const qrImage = async (content: string) => {
  const svg = await QRCode.toString(content, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

/**
 * 微信扫码登录: with the official account (WECHAT_MP_APPID) WeChat's parametric QR code, drawn
 * here from what it encodes (the page's CSP allows no outside images); else the local stand-in,
 * whose QR code opens this site's confirm page on a phone where the member is logged in.
 */
export const wxLoginRoutes = serve(calls.wxLogin, {
  ticket: {
    handler: async (ctx) => {
      const wechat = ctx.deps.wechat;
      if (wechat) {
        const mp = await createMpTicket(ctx.db, wechat, requestMeta(ctx));
        return { expire_seconds: mp.expire_seconds, ticket: mp.ticket, qr_code_url: await qrImage(mp.qrContent), confirm_url: mp.imageUrl };
      }
      const { ticket, expire_seconds } = await createWxTicket(ctx.db, requestMeta(ctx));
      const origin = ctx.deps.config.PUBLIC_URL ?? `${ctx.request.protocol}://${ctx.request.host}`;
      const confirmUrl = `${origin}/wx/confirm?ticket=${encodeURIComponent(ticket)}`;
      return { expire_seconds, ticket, qr_code_url: await qrImage(confirmUrl), confirm_url: confirmUrl };
    },
    config: perMinute(30),
  },
  poll: {
    handler: async (ctx) => {
      const result = await pollWxTicket(ctx.db, ctx.body.ticket, requestMeta(ctx));
      return said(result, result.status === 'confirmed' ? '登录成功!' : '等待扫码');
    },
    config: perMinute(120),
  },
  scan: { handler: ({ db, body, now }) => markWxTicketScanned(db, body.ticket, now), config: perMinute(30) },
  confirm: async ({ db, body, memberId, now }) => {
    await confirmWxTicket(db, body.ticket, memberId, now);
    return null;
  },
  bind: {
    handler: (ctx) => {
      // only the official account's scans ask for a phone; without it no ticket is ever in that state
      if (!ctx.deps.wechat) throw new AppError('TICKET_EXPIRED', '二维码已过期，请刷新后重新扫描');
      return bindAndLogin(ctx.db, ctx.deps.wechat.appId, ctx.body, requestMeta(ctx));
    },
    config: perMinute(30),
  },
  binding: { handler: ({ db, memberId, deps }) => wxBindingOf(db, memberId, deps.wechat !== null), config: { readOnly: true } },
  unbind: ({ db, memberId, deps }) => unbindWx(db, memberId, deps.wechat !== null),
});

/** A first answer with `mfa` means: go on to the second step (admin, finance). */
const firstFactor = (answer: StaffLoginAnswer) =>
  said(answer, 'mfa' in answer ? (answer.mfa === 'totp' ? '请输入身份验证器中的动态码' : '请先绑定身份验证器') : '登录成功!');

/** The back office's login, its second factor (TOTP), logout and who is logged in. */
export const staffAuthRoutes = serve(calls.staffAuth, {
  login: { handler: async (ctx) => firstFactor(await loginStaff(ctx.db, ctx.body, requestMeta(ctx), { demo: ctx.deps.config.SEED_DEMO })), config: perMinute(30) },
  sendCode: {
    handler: async (ctx) => {
      await sendStaffLoginCode(ctx.db, ctx.deps.sms, ctx.body.phone, requestMeta(ctx));
      return null;
    },
    config: perHour(20),
  },
  loginBySms: { handler: async (ctx) => firstFactor(await loginStaffWithSmsCode(ctx.db, ctx.body, requestMeta(ctx), { demo: ctx.deps.config.SEED_DEMO })), config: perMinute(30) },
  loginTotp: { handler: (ctx) => verifyStaffTotp(ctx.db, ctx.deps.secrets, ctx.deps.sms, ctx.body, requestMeta(ctx)), config: perMinute(30) },
  totpSetup: { handler: (ctx) => startStaffTotpSetup(ctx.db, ctx.deps.secrets, ctx.deps.sms, ctx.body, requestMeta(ctx)), config: perMinute(30) },
  totpEnable: { handler: (ctx) => enableStaffTotp(ctx.db, ctx.deps.secrets, ctx.deps.sms, ctx.body, requestMeta(ctx)), config: perMinute(30) },
  logout: { handler: logout, config: { readOnly: true } },
  me: { handler: ({ db, staff }) => getStaffInfo(db, staff.id), config: { readOnly: true } },
});
