import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { listAnnouncements } from './announcements.service';
import { audit } from '../../platform/audit';
import { listOutbox, outboxAudit, resendOutbox } from './outbox.service';
import { handleStaffAlert, listStaffAlerts, staffAlertAudit } from './staff-alerts.service';
import { listWechatTemplates, saveWechatTemplate, wechatTemplateAudit } from './notice-channels.service';

const readOnly = { readOnly: true };

/** Messages in the back office: the announcements sent and the SMS and e-mail outbox (admin); the jobs' alerts (each role its own, admin all). */
export const messagesAdminRoutes = serve(calls.adminMessages, {
  announcements: { handler: ({ db, body }) => listAnnouncements(db, body), config: readOnly },
  outbox: { handler: ({ db, body }) => listOutbox(db, body), config: readOnly },
  resend: {
    handler: ({ db, deps, body }) => resendOutbox(db, deps.jobs, body.id),
    config: { audit: audit<{ id: number }>(outboxAudit, 'messages.outbox.resend', '重新发送短信/邮件', (body) => body.id) },
  },
  alerts: { handler: ({ db, staff, body }) => listStaffAlerts(db, staff, body), config: readOnly },
  handleAlert: {
    handler: ({ db, staff, body, now }) => handleStaffAlert(db, staff, body.id, now),
    config: { audit: audit<{ id: number }>(staffAlertAudit, 'messages.alert.handle', '标记系统提醒已处理', (body) => body.id) },
  },
  wechatTemplates: { handler: ({ db }) => listWechatTemplates(db), config: readOnly },
  saveWechatTemplate: {
    handler: ({ db, staff, body, now }) => saveWechatTemplate(db, staff.id, body, now),
    config: { audit: audit<{ kind: string }>(wechatTemplateAudit, 'messages.wechat_template.save', '设置公众号模板消息', (body) => body.kind) },
  },
});
