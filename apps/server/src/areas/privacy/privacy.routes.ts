import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { closeAccount, sendCloseCode } from './closure.service';
import { exportMemberData } from './export.service';
import { listClosures, privacyOverview } from './privacy.service';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** 个人信息与隐私 (member area). */
export const privacyRoutes = serve(calls.privacy, {
  overview: ({ db, memberId, now }) => privacyOverview(db, memberId, now),
  exportData: {
    config: perMinute(10),
    handler: async ({ db, memberId, query, now, request, reply }) => {
      const { body } = await exportMemberData(db, memberId, query, { now, ip: request.ip, requestId: request.id });
      const xlsx = query.format === 'xlsx';
      const day = now.toISOString().slice(0, 10);
      return reply
        .type(xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/json; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="my-data-${day}.${query.format}"; filename*=UTF-8''${encodeURIComponent(`我的个人信息-${day}.${query.format}`)}`)
        .send(body);
    },
  },
  sendCloseCode: {
    config: perMinute(5),
    handler: async ({ db, deps, memberId, now, request }) => {
      await sendCloseCode(db, deps.sms, memberId, { now, ip: request.ip });
      return null;
    },
  },
  close: {
    config: perMinute(10),
    handler: ({ db, deps, memberId, body, now, request }) =>
      closeAccount(db, { providers: deps.payments, channels: { sms: deps.sms, email: deps.email }, files: deps.files }, memberId, body, { now, ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id }, request.log),
  },
});

/** 注销记录 (back office, read-only). */
export const adminPrivacyRoutes = serve(calls.adminPrivacy, {
  closures: { config: { readOnly: true }, handler: ({ db, body }) => listClosures(db, body) },
});
