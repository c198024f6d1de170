import { calls } from '@lab/contract/calls';
import { audit } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { agreementDraftAudit, getAgreementDraft, saveAgreementDraft } from './agreement-drafts.service';
import { agreementAudit, getAgreement, listAdminAgreementVersions, listAgreementVersions, publishAgreement } from './agreements.service';

/** The agreements' public pages (用户协议, 隐私政策, 委托检测服务条款) and their versions. */
export const agreementRoutes = serve(calls.agreements, {
  current: ({ db, query, now }) => getAgreement(db, query.kind, query.version, now),
  versions: ({ db, query, now }) => listAgreementVersions(db, query.kind, now),
});

/** 协议管理 (admin): the versions, the draft (保存草稿), 发布新版本 (audited). */
export const agreementAdminRoutes = serve(calls.adminAgreements, {
  versions: { handler: ({ db, body }) => listAdminAgreementVersions(db, body.kind), config: { readOnly: true } },
  draft: { handler: ({ db, body }) => getAgreementDraft(db, body.kind), config: { readOnly: true } },
  saveDraft: {
    handler: ({ db, body, staff, now }) => saveAgreementDraft(db, body, staff.id, now),
    config: { audit: audit(agreementDraftAudit, 'agreement.draft', '保存协议草稿', (body: { kind: string }) => body.kind) },
  },
  publish: {
    handler: ({ db, body, staff, now }) => publishAgreement(db, body, staff.id, now),
    config: { audit: audit(agreementAudit, 'agreement.publish', '发布协议新版本', null, (data: { id: number }) => data.id) },
  },
});
