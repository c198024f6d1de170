import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { CallbackRefused } from '../../platform/providers/wechat-mp';
import { bindStaffByScene, STAFF_SCENE_PREFIX } from './staff-wx.service';
import { handleMpEvent } from './wx-mp.service';

/** The official account's server URL (服务器配置 → URL): docs/deploy.md "WeChat official account". */
export const WECHAT_CALLBACK_PATH = '/wechat/mp/callback';

/**
 * Outside /api (WeChat's own format: XML, no envelope, no token), served only with the official
 * account: GET answers the URL check's echostr, POST takes an event. The body is kept as sent
 * (the signature in 安全模式 covers the ciphertext). A callback that is not WeChat's or was sent
 * before is refused with 403 and logged (platform/providers/wechat-mp.ts readCallback); anything
 * taken is answered at once — a passive reply or "success" — so WeChat does not send it again.
 */
export async function serveWechatCallback(app: FastifyInstance, deps: AppDeps) {
  const wechat = deps.wechat;
  if (!wechat) return;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    const handle = async (method: 'GET' | 'POST', query: Record<string, string | undefined>, body: string) => {
      try {
        const read = await wechat.readCallback({ method, query, body });
        if (read.kind === 'echo') return { status: 200, body: read.echostr };
        if (read.kind !== 'event') return { status: 200, body: 'success' };
        const { event } = read;
        const now = deps.clock.now();
        // a staff member's 微信提醒 code binds (once following); any other event is the members'
        const scanned = event.event === 'SCAN' || event.event === 'subscribe';
        let reply: string | null;
        if (scanned && event.scene?.startsWith(STAFF_SCENE_PREFIX)) {
          await handleMpEvent(deps.db, { ...event, scene: null }, now); // following: the bindings say so
          reply = await bindStaffByScene(deps.db, wechat.appId, { ...event, scene: event.scene }, now);
        } else reply = await handleMpEvent(deps.db, event, now);
        return { status: 200, body: reply === null ? 'success' : wechat.replyText(read.event, reply) };
      } catch (error) {
        if (error instanceof CallbackRefused) return { status: 403, body: 'forbidden' };
        throw error;
      }
    };
    type Query = { Querystring: Record<string, string | undefined> };
    scope.get<Query>(WECHAT_CALLBACK_PATH, async (request, reply) => {
      const answer = await handle('GET', request.query, '');
      return reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.body);
    });
    scope.post<Query>(WECHAT_CALLBACK_PATH, async (request, reply) => {
      const answer = await handle('POST', request.query, typeof request.body === 'string' ? request.body : '');
      return reply.status(answer.status).type(answer.body.startsWith('<xml>') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8').send(answer.body);
    });
  });
}
