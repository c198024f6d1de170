import { calls } from '@lab/contract/calls';
import type { AdminConsultationThread, AnnouncementView } from '@lab/contract';
import { audit, auditEntity } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { listMessages, readAllMessages, readMessage, unreadCount } from './messages.service';
import { myNoticeChannels, setNoticeChannels } from './notice-channels.service';
import { announce, getAnnouncement } from './announcements.service';
import { consultationAudit, followUpConsultation, listMyConsultations, myConsultation, startConsultation } from './consultations.service';
import { closeConsultation, consultationCounts, consultationDetail, listConsultations, replyConsultation } from './consultations-admin.service';

const announcementAudit = auditEntity<string>('announcement', (db, rid) => getAnnouncement(db, String(rid)));

/** In-site messages (站内信) for members: contract/calls/messages.ts. */
export const messagesRoutes = serve(calls.messages, {
  list: ({ db, memberId, body }) => listMessages(db, memberId, body),
  unread: ({ db, memberId }) => unreadCount(db, memberId),
  read: ({ db, memberId, body, now }) => readMessage(db, memberId, body.rid, now),
  readAll: ({ db, memberId, now }) => readAllMessages(db, memberId, now),
  channels: { handler: ({ db, memberId }) => myNoticeChannels(db, memberId), config: { readOnly: true } },
  setChannels: ({ db, memberId, body, now }) => setNoticeChannels(db, memberId, body, now),
});

/** 我的咨询: the member's threads with the lab (contract/messages/consultation-calls.ts). Posts are limited per address here and per member in the service. */
export const memberConsultationsRoutes = serve(calls.consultations, {
  list: { handler: ({ db, memberId, body }) => listMyConsultations(db, memberId, body), config: { readOnly: true } },
  detail: { handler: ({ db, memberId, body }) => myConsultation(db, memberId, body.rid), config: { readOnly: true } },
  add: {
    handler: ({ db, memberId, body, request, now }) => startConsultation(db, memberId, body, { ip: request.ip, now }),
    config: { rateLimit: { max: 5, timeWindow: 600_000 } },
  },
  reply: {
    handler: ({ db, memberId, body, now }) => followUpConsultation(db, memberId, body, now),
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  },
});

const consultationChange = (action: string, label: string) => ({
  audit: audit<{ id: number }, AdminConsultationThread>(consultationAudit, action, label, (body) => body.id),
});

/** Sales answer customers' consultations, any number of times: contract/messages/admin-consultation-calls.ts. */
export const consultationsRoutes = serve(calls.adminConsultations, {
  list: { handler: ({ db, body }) => listConsultations(db, body), config: { readOnly: true } },
  counts: { handler: ({ db }) => consultationCounts(db), config: { readOnly: true } },
  detail: { handler: ({ db, body }) => consultationDetail(db, body.id), config: { readOnly: true } },
  reply: {
    handler: ({ db, deps, request, staff, body, now }) => replyConsultation(db, { sms: deps.sms, email: deps.email, log: request.log }, staff.id, body, now),
    config: consultationChange('messages.consultation.reply', '回复客户咨询'),
  },
  close: {
    handler: ({ db, staff, body, now }) => closeConsultation(db, staff.id, body.id, now),
    config: consultationChange('messages.consultation.close', '关闭客户咨询'),
  },
});

/** The admin's announcements to members: contract/calls/admin-announcements.ts. */
export const announcementsRoutes = serve(calls.adminAnnouncements, {
  send: {
    handler: ({ db, staff, body, now }) => announce(db, staff.id, body, now),
    config: { audit: audit<unknown, AnnouncementView>(announcementAudit, 'messages.announce', '发布站内公告', null, (data) => data.rid) },
  },
});
