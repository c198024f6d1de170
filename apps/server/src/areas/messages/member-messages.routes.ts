import { calls } from '@lab/contract/calls';
import type { AdminConsultation, AnnouncementView } from '@lab/contract';
import { audit, auditEntity } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { listMessages, readAllMessages, readMessage, unreadCount } from './messages.service';
import { myNoticeChannels, setNoticeChannels } from './notice-channels.service';
import { announce, getAnnouncement } from './announcements.service';
import { consultationAudit, listConsultations, replyConsultation } from './consultations.service';

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

/** Sales answer visitors' consultations: contract/calls/admin-consultations.ts. */
export const consultationsRoutes = serve(calls.adminConsultations, {
  list: { handler: ({ db, body }) => listConsultations(db, body), config: { readOnly: true } },
  reply: {
    handler: ({ db, deps, request, staff, body, now }) => replyConsultation(db, { sms: deps.sms, email: deps.email, log: request.log }, staff.id, body, now),
    config: { audit: audit<{ id: number }, AdminConsultation>(consultationAudit, 'messages.consultation.reply', '回复访客咨询', (body) => body.id) },
  },
});

/** The admin's announcements to members: contract/calls/admin-announcements.ts. */
export const announcementsRoutes = serve(calls.adminAnnouncements, {
  send: {
    handler: ({ db, staff, body, now }) => announce(db, staff.id, body, now),
    config: { audit: audit<unknown, AnnouncementView>(announcementAudit, 'messages.announce', '发布站内公告', null, (data) => data.rid) },
  },
});
