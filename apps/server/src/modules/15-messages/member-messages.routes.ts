import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAnnouncementBody, consultationListBody, consultationReplyBody, messageListBody, messageRidBody, type AdminConsultation, type AnnouncementView } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { listMessages, readAllMessages, readMessage, unreadCount } from './messages.service';
import { announce, getAnnouncement } from './announcements.service';
import { consultationAudit, listConsultations, replyConsultation } from './consultations.service';
import { audit, auditEntity } from '../../platform/audit';

const sales = { roles: ['sales'] as const };
const admin = { roles: ['admin'] as const };
const announcementAudit = auditEntity<string>('announcement', (db, rid) => getAnnouncement(db, String(rid)));

/** In-site messages (站内信) for members; consultation replies (sales) and announcements (admin) for staff. */
export async function messagesRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const notice = { sms: deps.sms, email: deps.email, log: app.log };

  // ---- member (message/*) ----
  r.post('/api/auth/message/list', { schema: { body: messageListBody } }, async (request) => ok(await listMessages(db, requireMemberId(request), request.body)));
  r.post('/api/auth/message/unread', async (request) => ok(await unreadCount(db, requireMemberId(request))));
  r.post('/api/auth/message/read', { schema: { body: messageRidBody } }, async (request) =>
    ok(await readMessage(db, requireMemberId(request), request.body.rid, now())),
  );
  r.post('/api/auth/message/readAll', async (request) => ok(await readAllMessages(db, requireMemberId(request), now()), '已全部标为已读'));

  // ---- staff ----
  r.post('/api/admin/growth/consultation/list', { schema: { body: consultationListBody }, config: { ...sales, readOnly: true } }, async (request) =>
    ok(await listConsultations(db, request.body)),
  );
  const replyConfig = { ...sales, audit: audit<{ id: number }, AdminConsultation>(consultationAudit, 'messages.consultation.reply', '回复访客咨询', (body) => body.id) };
  r.post('/api/admin/growth/consultation/reply', { schema: { body: consultationReplyBody }, config: replyConfig }, async (request) =>
    ok(await replyConsultation(request.db, notice, requireStaff(request).id, request.body, now()), '回复已发送'),
  );
  const announceConfig = { ...admin, audit: audit<unknown, AnnouncementView>(announcementAudit, 'messages.announce', '发布站内公告', null, (data) => data.rid) };
  r.post('/api/admin/growth/announce', { schema: { body: adminAnnouncementBody }, config: announceConfig }, async (request) =>
    ok(await announce(request.db, requireStaff(request).id, request.body, now()), '公告已发送'),
  );
}
