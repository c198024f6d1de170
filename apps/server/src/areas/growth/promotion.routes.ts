import { calls } from '@lab/contract/calls';
import { audit } from '../../platform/audit';
import { serve } from '../../platform/calls';
import { withdrawalAudit } from './withdrawal.audit';
import { partnerAudit } from './growth.audit';
import { acceptTerms, applyForPartner, listRebates, promotionOverview } from './promotion.service';
import { adminListPartners, decidePartner } from './promotion-admin.service';
import { addWithdrawal, cancelWithdrawal, listWithdrawals, updateWithdrawal } from './withdrawals.service';
import { adminListWithdrawals, decideWithdrawal } from './withdrawals-admin.service';
import { exportWithdrawals } from './withdrawals-export';

const byRid = (body: { rid: string }) => body.rid;

/** 推广合伙人 for members: the overview, application, rebates and withdrawals (contract growth/promotion-calls.ts). */
export const promotionRoutes = serve(calls.promotion, {
  overview: ({ db, memberId, now }) => promotionOverview(db, memberId, now),
  apply: ({ db, memberId, body, now }) => applyForPartner(db, memberId, body, now),
  acceptTerms: ({ db, memberId, body, now }) => acceptTerms(db, memberId, body.version, now),
  rebates: ({ db, memberId, body }) => listRebates(db, memberId, body),
  withdrawals: ({ db, memberId, body }) => listWithdrawals(db, memberId, body),
  withdraw: ({ db, memberId, body, now }) => addWithdrawal(db, memberId, body, now),
  cancelWithdrawal: ({ db, memberId, body, now }) => cancelWithdrawal(db, memberId, body.rid, now),
  updateWithdrawal: ({ db, memberId, body }) => updateWithdrawal(db, memberId, body),
});

/**
 * Staff decide partner applications (sales) and withdrawals (finance), and export the
 * withdrawals queue (withdrawals-export.ts): contract growth/admin-promotion-calls.ts.
 */
export const promotionAdminRoutes = serve(calls.adminPromotion, {
  withdrawalExport: { config: { readOnly: true }, handler: ({ db, query, reply, now }) => exportWithdrawals(db, query, reply, now) },
  partners: { handler: ({ db, body }) => adminListPartners(db, body), config: { readOnly: true } },
  approvePartner: {
    handler: ({ db, staff, body, now }) => decidePartner(db, staff.id, { ...body, approve: true }, now),
    config: { audit: audit(partnerAudit, 'partner.approve', '通过推广合伙人申请', byRid) },
  },
  refusePartner: {
    handler: ({ db, staff, body, now }) => decidePartner(db, staff.id, { ...body, approve: false }, now),
    config: { audit: audit(partnerAudit, 'partner.refuse', '驳回推广合伙人申请', byRid) },
  },
  withdrawals: { handler: ({ db, body }) => adminListWithdrawals(db, body), config: { readOnly: true } },
  payWithdrawal: {
    handler: ({ db, staff, body, now }) => decideWithdrawal(db, staff.id, { ...body, pay: true }, now),
    config: { audit: audit(withdrawalAudit, 'growth.withdraw.pay', '提现打款', byRid) },
  },
  refuseWithdrawal: {
    handler: ({ db, staff, body, now }) => decideWithdrawal(db, staff.id, { ...body, pay: false }, now),
    config: { audit: audit(withdrawalAudit, 'growth.withdraw.refuse', '驳回提现申请', byRid) },
  },
});
