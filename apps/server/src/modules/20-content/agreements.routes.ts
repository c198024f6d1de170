import { eq } from 'drizzle-orm';
import { calls } from '@lab/contract/calls';
import { members } from '../../db/tables/accounts.tables';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { serve } from '../../platform/calls';
import { agreementAudit, getAgreement, listAdminAgreementVersions, listAgreementVersions, publishAgreement } from './agreements.service';
import { listConsentHistory } from '../10-accounts/consents.service';

/** The agreements' public pages (用户协议, 隐私政策, 委托检测服务条款) and their versions. */
export const agreementRoutes = serve(calls.agreements, {
  current: ({ db, query, now }) => getAgreement(db, query.kind, query.version, now),
  versions: ({ db, query, now }) => listAgreementVersions(db, query.kind, now),
});

async function memberIdOf(db: Db, rid: string) {
  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.rid, rid)).limit(1);
  if (!member) throw notFound('会员');
  return member.id;
}

/** 协议管理 (admin) and a member's consent history on the member detail. */
export const agreementAdminRoutes = serve(calls.adminAgreements, {
  versions: { handler: ({ db, body }) => listAdminAgreementVersions(db, body.kind), config: { readOnly: true } },
  publish: {
    handler: ({ db, body, staff, now }) => publishAgreement(db, body, staff.id, now),
    config: { audit: audit(agreementAudit, 'agreement.publish', '发布协议新版本', null, (data: { id: number }) => data.id) },
  },
  memberConsents: { handler: async ({ db, body }) => listConsentHistory(db, await memberIdOf(db, body.rid)), config: { readOnly: true } },
});
