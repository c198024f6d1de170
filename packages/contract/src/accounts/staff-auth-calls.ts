import { z } from 'zod';
import { call, resource } from '../call';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, loginBody, loginResult, staffInfo } from './schemas';
import { staffCodeBody, staffLoginAnswer, staffSmsLoginBody, staffTotpBody, staffTotpEnableBody, staffTotpEnabled, staffTotpSetup, staffTotpSetupBody } from './staff-auth-schemas';

const secondStep =
  '管理员与财务须第二步验证：答复 mfa=totp（输入身份验证器动态码）或 mfa=setup（先绑定身份验证器；needsSetupCode=true 时须输入管理员发放的绑定码）及一次性的 challenge，否则直接答复登录令牌。每个 challenge 最多尝试 5 次；账号1小时内动态码错误过多时暂停用密码进入第二步（短信验证码登录不受影响），并提醒管理员与本人。演示账号仅在演示模式下可登录。';

/** The back office's login (open: the staff has no token yet), second factor, and who is logged in. */
export const staffAuth = resource('staffAuth', {
  login: call({
    method: 'POST',
    path: '/api/admin/login',
    who: 'open',
    summary: '员工密码登录',
    description: `连续输错 ${LOGIN_MAX_FAILURES} 次锁定 ${LOGIN_LOCK_MINUTES} 分钟。${secondStep}`,
    body: loginBody,
    data: staffLoginAnswer,
  }),
  sendCode: call({
    method: 'POST',
    path: '/api/admin/code4sms',
    who: 'open',
    summary: '发送员工登录验证码',
    description: '只发往启用的员工账号绑定的手机号；任何手机号答复相同。',
    body: staffCodeBody,
    data: z.null(),
    done: '验证码已发送!',
  }),
  loginBySms: call({ method: 'POST', path: '/api/admin/loginForCode', who: 'open', summary: '员工短信验证码登录', description: secondStep, body: staffSmsLoginBody, data: staffLoginAnswer }),
  loginTotp: call({
    method: 'POST',
    path: '/api/admin/login/totp',
    who: 'open',
    summary: '员工登录第二步：动态码',
    description: '身份验证器的 6 位动态码，或一个恢复码（用后作废）。',
    body: staffTotpBody,
    data: loginResult,
    done: '登录成功!',
  }),
  totpSetup: call({
    method: 'POST',
    path: '/api/admin/totp/setup',
    who: 'open',
    summary: '开始绑定身份验证器',
    description: '答复待绑定的密钥（二维码与手输文本）；同一次登录多次调用得到同一密钥。登录答复 needsSetupCode=true 时，须先带上管理员发放的绑定码 setupCode（错误计入该次登录的 5 次尝试）。',
    body: staffTotpSetupBody,
    data: staffTotpSetup,
  }),
  totpEnable: call({
    method: 'POST',
    path: '/api/admin/totp/enable',
    who: 'open',
    summary: '确认绑定身份验证器并登录',
    description: '新密钥的一个动态码证明已绑定；答复登录令牌与恢复码（仅此一次显示）。',
    body: staffTotpEnableBody,
    data: staffTotpEnabled,
    done: '身份验证器已绑定，请妥善保存恢复码',
  }),
  logout: call({ method: 'POST', path: '/api/admin/logout', who: 'staff', summary: '员工退出登录', data: z.null(), done: '已退出登录' }),
  me: call({ method: 'POST', path: '/api/admin/me', who: 'staff', summary: '当前员工信息', data: staffInfo }),
});
