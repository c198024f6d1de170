import { z } from 'zod';
import { call, resource } from '../call';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, loginBody, loginResult, refreshBody, refreshQuery, refreshResult, resetBody, sendCodeBody, signBody, SMS_CODE_COOLDOWN_SECONDS, SMS_CODE_MAX_TRIES, SMS_CODE_TTL_SECONDS, SMS_CODES_PER_DAY, smsLoginBody, smsLoginResult, WX_TICKET_SECONDS, wxPollResult, wxScanResult, wxTicket, wxTicketBody } from './schemas';

const codeRule = `验证码 6 位数字，${SMS_CODE_TTL_SECONDS / 60} 分钟内有效，最多试 ${SMS_CODE_MAX_TRIES} 次，用后作废。`;

/** The member's account: register, log in, the session's tokens, who is logged in. */
export const accounts = resource('accounts', {
  login: call({
    method: 'POST',
    path: '/api/open/login',
    who: 'open',
    summary: '会员密码登录',
    description: `account 为手机号。连续输错 ${LOGIN_MAX_FAILURES} 次锁定 ${LOGIN_LOCK_MINUTES} 分钟；账号不存在与密码错误答复相同。`,
    body: loginBody,
    data: loginResult,
    done: '登录成功!',
  }),
  loginBySms: call({
    method: 'POST',
    path: '/api/open/loginForCode',
    who: 'open',
    summary: '会员短信验证码登录',
    description: `首次使用的手机号自动注册为会员（newMember 为 true）。${codeRule}`,
    body: smsLoginBody,
    data: smsLoginResult,
    done: '登录成功!',
  }),
  sendCode: call({
    method: 'POST',
    path: '/api/open/code4sms',
    who: 'open',
    summary: '发送短信验证码',
    description: `useFor：0 注册，1 找回密码，3 登录。同一手机号 ${SMS_CODE_COOLDOWN_SECONDS} 秒内只发一次、24 小时内最多 ${SMS_CODES_PER_DAY} 次；已注册的手机号求注册验证码、未注册的求找回密码验证码，收到的是提示短信而非验证码，答复相同。`,
    body: sendCodeBody,
    data: z.null(),
    done: '验证码已发送!',
  }),
  register: call({
    method: 'POST',
    path: '/api/open/sign',
    who: 'open',
    summary: '会员注册',
    description: `密码 10–64 位且不易猜测。填写邀请码时按推广设置发放新人优惠券。${codeRule}`,
    body: signBody,
    data: z.object({ rid: z.string() }),
    done: '注册成功!',
  }),
  resetPassword: call({
    method: 'POST',
    path: '/api/open/reset',
    who: 'open',
    summary: '短信找回密码',
    description: `成功后该会员所有设备的登录失效，密码锁定解除。${codeRule}`,
    body: resetBody,
    data: z.null(),
    done: '密码重置成功!',
  }),
  refresh: call({
    method: 'POST',
    path: '/api/open/refresh4token',
    who: 'open',
    summary: '刷新登录令牌',
    description: '刷新令牌放在请求体的 token（推荐，不进访问日志）或查询参数 token。每个刷新令牌只能用一次；已用过的再次出现视为被盗用，同一登录的全部令牌作废。会员与员工共用此接口。',
    query: refreshQuery,
    body: refreshBody,
    data: refreshResult,
    done: '刷新成功',
  }),
  logout: call({ method: 'POST', path: '/api/auth/logout', who: 'member', summary: '会员退出登录', description: '本次登录的令牌（含刷新令牌）全部作废。', data: z.null(), done: '已退出登录' }),
});

/** 微信扫码登录 (the local provider): the desktop shows a QR code that a logged-in phone confirms. */
export const wxLogin = resource('wxLogin', {
  ticket: call({
    method: 'GET',
    path: '/api/open/wx/ticket',
    who: 'open',
    summary: '获取扫码登录二维码',
    description: `二维码 ${WX_TICKET_SECONDS} 秒内有效，内容为本站的确认页地址。`,
    data: wxTicket,
  }),
  poll: call({
    method: 'POST',
    path: '/api/open/wx/qrCodeLogin',
    who: 'open',
    summary: '轮询扫码登录状态',
    description: '状态 waiting → scanned → confirmed；确认后的第一次轮询带回登录令牌（login），此后该二维码即为 expired。',
    body: wxTicketBody,
    data: wxPollResult,
  }),
  scan: call({
    method: 'POST',
    path: '/api/open/wx/scan',
    who: 'open',
    summary: '手机打开确认页（已扫码）',
    description: '答复请求登录的设备、IP、大致地点与时间，供会员确认是否本人操作。',
    body: wxTicketBody,
    data: wxScanResult,
    done: '扫描成功',
  }),
  confirm: call({
    method: 'POST',
    path: '/api/auth/wx/confirm',
    who: 'member',
    summary: '确认扫码登录',
    description: '手机上已登录的会员确认后，电脑端以该会员身份登录；一个二维码只能确认一次。',
    body: wxTicketBody,
    data: z.null(),
    done: '已确认登录',
  }),
});
