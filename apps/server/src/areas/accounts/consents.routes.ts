import type { FastifyRequest } from 'fastify';
import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { acceptConsents, getMyConsents, listConsentDue, setMarketingSms } from './consents.service';
import type { RequestMeta } from './sessions.service';

const meta = ({ request, now }: { request: FastifyRequest; now: Date }): RequestMeta => ({ now, ip: request.ip, userAgent: request.headers['user-agent'] });

/** The member's consents: asked again after a new version, 营销短信, the history. */
export const consentRoutes = serve(calls.consents, {
  due: ({ db, memberId, now }) => listConsentDue(db, memberId, now),
  accept: async (ctx) => {
    await acceptConsents(ctx.db, ctx.memberId, ctx.body, meta(ctx));
    return null;
  },
  mine: ({ db, memberId }) => getMyConsents(db, memberId),
  setMarketingSms: (ctx) => setMarketingSms(ctx.db, ctx.memberId, ctx.body.granted, meta(ctx)),
});

