import { call, resource } from '../call';
import { wxBinding } from './schemas';
import { staffWxBindQr } from './staff-auth-schemas';

const notConfigured = '未配置公众号（WECHAT_MP_APPID）时答复“未配置公众号”。';

/** A staff member's own WeChat for the promise alerts (the back office's user menu → 微信提醒). */
export const staffWx = resource('staffWx', {
  binding: call({ method: 'POST', path: '/api/admin/wx/binding', who: 'staff', summary: '我的微信提醒绑定', description: '是否已绑定微信、何时绑定、是否仍关注公众号。', data: wxBinding }),
  bindQr: call({
    method: 'POST',
    path: '/api/admin/wx/bindQr',
    who: 'staff',
    summary: '绑定微信提醒的二维码',
    description: `公众号的临时带参数二维码（场景指向本员工账号）；用微信扫码（关注或已关注扫码）即绑定，之后服务承诺提醒以模板消息发到该微信。已绑定的微信换为新扫码的微信。${notConfigured}`,
    data: staffWxBindQr,
  }),
  unbind: call({ method: 'POST', path: '/api/admin/wx/unbind', who: 'staff', summary: '解除微信提醒绑定', description: '解除后服务承诺提醒只留站内提醒（及已开启的短信）。', data: wxBinding, done: '已解除微信绑定' }),
});
