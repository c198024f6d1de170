import { calls } from '@lab/contract/calls';
import { badRequest } from '../../platform/errors';
import { serve } from '../../platform/calls';
import { qrImage } from './auth.routes';
import { createStaffBindQr, staffWxBindingOf, unbindStaffWx } from './staff-wx.service';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * 微信提醒: a staff member binds their own WeChat for the promise alerts (the back office's user
 * menu). readOnly for the audit log, as logout: each call touches only the person's own alert
 * channel, no decision over the business's data (the QR code binds nothing until it is scanned).
 */
export const staffWxRoutes = serve(calls.staffWx, {
  binding: { handler: ({ db, staff, deps }) => staffWxBindingOf(db, staff.id, deps.wechat !== null), config: { readOnly: true } },
  bindQr: {
    handler: async ({ db, staff, deps, now }) => {
      if (!deps.wechat) throw badRequest('未配置公众号，无法绑定微信提醒');
      const qr = await createStaffBindQr(db, deps.wechat, staff.id, now);
      return { expire_seconds: qr.expire_seconds, qr_code_url: await qrImage(qr.qrContent) };
    },
    config: { ...perMinute(10), readOnly: true },
  },
  unbind: { handler: ({ db, staff, deps }) => unbindStaffWx(db, staff.id, deps.wechat !== null), config: { readOnly: true } },
});
