import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAnnouncementBody, emptyMessage, messageListBody, messageRidBody, pageQuery, requiredText } from '@lab/contract';
import type { AppDeps } from '../../app';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../../platform/auth-guard';
import { announce, listMessages, readAllMessages, readMessage, unreadCount } from '../messages/messages.service';
import { listConsultations, replyConsultation } from '../messages/consultations.service';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** consultation/list: a page, optionally only 待回复 (pending) or 已回复 (replied). */
export const consultationListBody = pageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'replied'], { error: '[回复状态]不正确' }).optional()),
});
/** consultation/reply: the consultation's number and the answer. */
export const consultationReplyBody = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: emptyMessage('咨询编号') })
      .trim()
      .min(1, { error: emptyMessage('咨询编号') })
      .pipe(
        z.coerce
          .number<string>({ error: '[咨询编号]必须是数字' })
          .int({ error: '[咨询编号]必须是整数' })
          .min(1, { error: '[咨询编号]不正确' })
          .max(2_147_483_647, { error: '[咨询编号]不正确' }),
      ),
  ),
  reply: requiredText('回复内容', 500),
});

const sales = { roles: ['sales'] as const };
const admin = { roles: ['admin'] as const };

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
  r.post('/api/admin/growth/consultation/list', { schema: { body: consultationListBody }, config: sales }, async (request) => ok(await listConsultations(db, request.body)));
  r.post('/api/admin/growth/consultation/reply', { schema: { body: consultationReplyBody }, config: sales }, async (request) =>
    ok(await replyConsultation(db, notice, requireStaff(request).id, request.body, now()), '回复已发送'),
  );
  r.post('/api/admin/growth/announce', { schema: { body: adminAnnouncementBody }, config: admin }, async (request) => {
    requireStaff(request);
    return ok(await announce(db, request.body, now()), '公告已发送');
  });
}
