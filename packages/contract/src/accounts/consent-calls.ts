import { z } from 'zod';
import { call, resource } from '../call';
import { consentAcceptBody, consentDueItem, marketingSmsBody, myConsents } from './agreement-schemas';

/** The member's consents: asked again after a new version, 营销短信 on or off, the history. */
export const consents = resource('consents', {
  due: call({ method: 'POST', path: '/api/auth/consent/due', who: 'member', summary: '待重新同意的协议', description: '用户协议或隐私政策发布新版本后，会员同意过的版本较旧时列出。', data: z.array(consentDueItem) }),
  accept: call({
    method: 'POST',
    path: '/api/auth/consent/accept',
    who: 'member',
    summary: '同意更新后的协议',
    description: 'user、privacy 为会员阅读的用户协议、隐私政策的版本号（至少一项）；期间又发布了新版本时答复 409，请重新阅读。',
    body: consentAcceptBody,
    data: z.null(),
    done: '已同意',
  }),
  mine: call({ method: 'POST', path: '/api/auth/consent/mine', who: 'member', summary: '我的授权', description: '营销短信是否开启，以及同意与撤回记录（新在前）。', data: myConsents }),
  setMarketingSms: call({
    method: 'POST',
    path: '/api/auth/consent/marketingSms',
    who: 'member',
    summary: '开启或关闭营销短信',
    description: 'granted 为 1 开启、0 关闭；每次变更记录一条同意或撤回。验证码、订单与检测通知不受影响。',
    body: marketingSmsBody,
    data: myConsents,
  }),
});
