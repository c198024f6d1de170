import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { acceptConsents, getMyConsents, listConsentDue, setMarketingSms } from './consents.service';
import { requestMeta } from '../../platform/caller';


/** The member's consents: asked again after a new version, 营销短信, the history. */
export const consentRoutes = serve(calls.consents, {
  due: ({ db, memberId, now }) => listConsentDue(db, memberId, now),
  accept: async (ctx) => {
    await acceptConsents(ctx.db, ctx.memberId, ctx.body, requestMeta(ctx));
    return null;
  },
  mine: ({ db, memberId }) => getMyConsents(db, memberId),
  setMarketingSms: (ctx) => setMarketingSms(ctx.db, ctx.memberId, ctx.body.granted, requestMeta(ctx)),
});

