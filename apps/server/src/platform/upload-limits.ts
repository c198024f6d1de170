import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { tooMany } from './errors';

/**
 * How many files a member may upload (every member upload route together), per member and per
 * client address, in the shared database store so it holds across instances. A real member
 * sends a receipt, a signed copy or a few attachments at a time; 20 in ten minutes is far above
 * that, and 10 MB files 20 at a time no longer fill a disk in seconds. An address gets more,
 * since a lab's members may share one.
 */
export const MEMBER_UPLOAD_LIMITS = {
  perMember: { max: 20, timeWindow: 10 * 60_000 },
  perAddress: { max: 60, timeWindow: 10 * 60_000 },
} as const;

export const uploadLimitMessage = (seconds: number) => `上传过于频繁，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

/**
 * Holds every member upload route (`/api/auth/…` with `config.upload`) to the limits above,
 * before the file is read. Runs as a preHandler, after the auth guard, so the member is known.
 * Registered before the routes; follows the app's rate-limit switch (tests turn it off).
 */
export function registerMemberUploadLimits(app: FastifyInstance) {
  const perMember = app.createRateLimit({ ...MEMBER_UPLOAD_LIMITS.perMember, keyGenerator: (request) => `upload|member:${request.memberId ?? 'none'}` });
  const perAddress = app.createRateLimit({ ...MEMBER_UPLOAD_LIMITS.perAddress, keyGenerator: (request) => `upload|ip:${request.ip}` });
  const check: preHandlerAsyncHookHandler = async (request) => {
    for (const limit of [perAddress, perMember]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) throw tooMany(uploadLimitMessage(result.ttlInSeconds));
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/auth/') || !route.config?.upload) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
