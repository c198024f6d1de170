import fp from 'fastify-plugin';
import { CONSENT_REQUIRED_MESSAGE, CONSENT_REQUIRED_REASON, type ConsentRequiredData } from '@lab/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { consentRuleOf } from './consent-rules';
import { hasConsentDue, listConsentDue } from './consents.service';

/**
 * The server's half of asking again (docs/compliance.md "Changes of the rules"): while a newer
 * 用户协议 or 隐私政策 waits for the member's consent, a member call that starts new processing
 * (consent-rules.ts) is refused — 403, CONSENT_REQUIRED_MESSAGE, and the versions due in the
 * data, so the web opens the consent dialog. A call without a rule is refused too (fail closed);
 * consent-gate.test.ts makes sure there is none.
 */
export const consentGate = fp<{ db: Db; clock: Clock }>(async (app, { db, clock }) => {
  // a preHandler: after the auth guard (the member is known) and validation (openWhen reads the body)
  app.addHook('preHandler', async (request) => {
    const memberId = request.memberId;
    if (memberId === null || !(request.routeOptions.url ?? '').startsWith('/api/auth/')) return;
    const callId = request.routeOptions.config.call?.id;
    const rule = callId === undefined ? undefined : consentRuleOf(callId);
    if (rule?.gate === 'open' || (rule?.gate === 'openWhen' && rule.open(request.body))) return;
    const now = clock.now();
    if (!(await hasConsentDue(db, memberId, now))) return;
    const data: ConsentRequiredData = { reason: CONSENT_REQUIRED_REASON, consentDue: await listConsentDue(db, memberId, now) };
    throw new AppError('CONSENT_REQUIRED', CONSENT_REQUIRED_MESSAGE, { status: 403, data });
  });
});
