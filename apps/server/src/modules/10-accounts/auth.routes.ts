import QRCode from 'qrcode';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginBody,
  refreshBody,
  refreshQuery,
  resetBody,
  sendCodeBody,
  signBody,
  smsLoginBody,
  staffCodeBody,
  staffSmsLoginBody,
  staffTotpBody,
  staffTotpEnableBody,
  staffTotpSetupBody,
  wxTicketBody,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { badRequest } from '../../platform/errors';
import { requireMemberId, requireStaff } from './auth-guard';
import { loginWithPassword, loginWithSmsCode, registerMember, resetPassword } from './accounts.service';
import { sendMemberSmsCode } from './sms-codes.service';
import { revokeFamily, rotateRefreshToken } from './sessions.service';
import { confirmWxTicket, createWxTicket, markWxTicketScanned, pollWxTicket } from './wx-login.service';
import { getStaffInfo, loginStaff, loginStaffWithSmsCode, sendStaffLoginCode } from './staff.service';
import { enableStaffTotp, startStaffTotpSetup, verifyStaffTotp } from './staff-totp.service';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, sms, config, secrets } = deps;
  const staffPolicy = { demo: config.SEED_DEMO };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: FastifyRequest) => ({
    now: clock.now(),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  r.post('/api/open/login', { schema: { body: loginBody }, config: perMinute(30) }, async (request) =>
    ok(await loginWithPassword(db, request.body, meta(request)), '登录成功!'),
  );

  r.post('/api/open/loginForCode', { schema: { body: smsLoginBody }, config: perMinute(30) }, async (request) => {
    const { created, ...session } = await loginWithSmsCode(db, request.body, meta(request));
    return ok({ ...session, newMember: created }, '登录成功!');
  });

  r.post('/api/open/code4sms', { schema: { body: sendCodeBody }, config: { rateLimit: { max: 20, timeWindow: 3_600_000 } } }, async (request) => {
    await sendMemberSmsCode(db, sms, request.body, meta(request));
    return ok(null, '验证码已发送!');
  });

  r.post('/api/open/sign', { schema: { body: signBody }, config: perMinute(20) }, async (request) =>
    ok(await registerMember(db, request.body, meta(request)), '注册成功!'),
  );

  r.post('/api/open/reset', { schema: { body: resetBody }, config: perMinute(20) }, async (request) => {
    await resetPassword(db, request.body, meta(request));
    return ok(null, '密码重置成功!');
  });

  r.post('/api/open/refresh4token', { schema: { querystring: refreshQuery, body: refreshBody }, config: perMinute(60) }, async (request) => {
    const token = request.body.token ?? request.query.token;
    if (!token) throw badRequest('[刷新令牌]不能为空');
    return ok(await rotateRefreshToken(db, token, meta(request)), '刷新成功');
  });

  r.get('/api/open/wx/ticket', { config: perMinute(30) }, async (request) => {
    const { ticket, expire_seconds } = await createWxTicket(db, meta(request));
    const origin = config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    const confirmUrl = `${origin}/wx/confirm?ticket=${encodeURIComponent(ticket)}`;
    const svg = await QRCode.toString(confirmUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return ok({
      expire_seconds,
      ticket,
      qr_code_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      confirm_url: confirmUrl,
    });
  });

  r.post('/api/open/wx/qrCodeLogin', { schema: { body: wxTicketBody }, config: perMinute(120) }, async (request) => {
    const result = await pollWxTicket(db, request.body.ticket, meta(request));
    return ok(result, result.status === 'confirmed' ? '登录成功!' : '等待扫码');
  });

  r.post('/api/open/wx/scan', { schema: { body: wxTicketBody }, config: perMinute(30) }, async (request) =>
    ok(await markWxTicketScanned(db, request.body.ticket, clock.now()), '扫描成功'),
  );

  r.post('/api/auth/wx/confirm', { schema: { body: wxTicketBody } }, async (request) => {
    await confirmWxTicket(db, request.body.ticket, requireMemberId(request), clock.now());
    return ok(null, '已确认登录');
  });

  r.post('/api/auth/logout', async (request) => {
    if (request.tokenFamily) await revokeFamily(db, request.tokenFamily, clock.now());
    return ok(null, '已退出登录');
  });

  /** a first answer with `mfa` means: go on to the second step (admin, finance) */
  const firstFactorMsg = (answer: object) => ('mfa' in answer ? (answer.mfa === 'totp' ? '请输入身份验证器中的动态码' : '请先绑定身份验证器') : '登录成功!');

  r.post('/api/admin/login', { schema: { body: loginBody }, config: { public: true, ...perMinute(30) } }, async (request) => {
    const answer = await loginStaff(db, request.body, meta(request), staffPolicy);
    return ok(answer, firstFactorMsg(answer));
  });

  r.post('/api/admin/login/totp', { schema: { body: staffTotpBody }, config: { public: true, ...perMinute(30) } }, async (request) =>
    ok(await verifyStaffTotp(db, secrets, request.body, meta(request)), '登录成功!'),
  );

  r.post('/api/admin/totp/setup', { schema: { body: staffTotpSetupBody }, config: { public: true, ...perMinute(30) } }, async (request) =>
    ok(await startStaffTotpSetup(db, secrets, request.body.challenge, clock.now())),
  );

  r.post('/api/admin/totp/enable', { schema: { body: staffTotpEnableBody }, config: { public: true, ...perMinute(30) } }, async (request) =>
    ok(await enableStaffTotp(db, secrets, request.body, meta(request)), '身份验证器已绑定，请妥善保存恢复码'),
  );

  r.post('/api/admin/code4sms', { schema: { body: staffCodeBody }, config: { public: true, rateLimit: { max: 20, timeWindow: 3_600_000 } } }, async (request) => {
    await sendStaffLoginCode(db, sms, request.body.phone, meta(request));
    return ok(null, '验证码已发送!');
  });

  r.post('/api/admin/loginForCode', { schema: { body: staffSmsLoginBody }, config: { public: true, ...perMinute(30) } }, async (request) => {
    const answer = await loginStaffWithSmsCode(db, request.body, meta(request), staffPolicy);
    return ok(answer, firstFactorMsg(answer));
  });

  r.post('/api/admin/logout', { config: { roles: 'any', readOnly: true } }, async (request) => {
    if (request.tokenFamily) await revokeFamily(db, request.tokenFamily, clock.now());
    return ok(null, '已退出登录');
  });

  r.post('/api/admin/me', { config: { roles: 'any', readOnly: true } }, async (request) => {
    const { id: _id, ...info } = await getStaffInfo(db, requireStaff(request).id);
    return ok(info);
  });
}
