/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { accounts, wxLogin } from './accounts/calls';
import { consents } from './accounts/consent-calls';
import { staffAuth } from './accounts/staff-auth-calls';
import { staffWx } from './accounts/staff-wx-calls';
import { staff } from './accounts/staff-calls';
import { approvals } from './approvals/calls';
import { adminCatalog } from './catalog/admin-calls';
import { adminSearchWords } from './catalog/admin-search-calls';
import { catalog } from './catalog/calls';
import { adminContent, images } from './content/admin-calls';
import { adminAgreements, agreements } from './content/agreement-calls';
import { content } from './content/calls';
import { adminPackTemplates } from './content/pack-template-calls';
import { adminFunds } from './funds/admin-calls';
import { funds } from './funds/calls';
import { grants } from './grants/calls';
import { adminGrowth } from './growth/admin-calls';
import { adminPoints } from './growth/admin-points-calls';
import { adminPromotion } from './growth/admin-promotion-calls';
import { invites } from './growth/invite-calls';
import { points } from './growth/points-calls';
import { promotion } from './growth/promotion-calls';
import { addresses } from './member/address-calls';
import { adminAttestations, adminCommunities, adminMembers, adminTeacherRequests } from './member/admin-calls';
import { profile } from './member/calls';
import { communities } from './member/community-calls';
import { adminAnnouncements } from './messages/admin-announcement-calls';
import { adminMessages } from './messages/admin-calls';
import { adminConsultations } from './messages/admin-consultation-calls';
import { messages } from './messages/calls';
import { consultations } from './messages/consultation-calls';
import { adminOrderDesk, adminOrders } from './orders/admin-calls';
import { orders } from './orders/calls';
import { adminContracts, contracts } from './orders/contract-calls';
import { adminDocuments, documents } from './orders/document-calls';
import { plan } from './orders/plan-calls';
import { sampleSheets } from './orders/sample-sheet-calls';
import { adminQueue, queue } from './orders/queue-calls';
import { adminSamples } from './orders/sample-calls';
import { orderProgress } from './orders/progress-calls';
import { adminRequirements, requirements } from './orders/requirement-calls';
import { adminReservations, reservations } from './orders/reservation-calls';
import { adminPickups, pickups, recycles } from './orders/sampling-calls';
import { adminPayments } from './payments/admin-calls';
import { payment } from './payments/calls';
import { onlinePay } from './payments/online-pay-calls';
import { health } from './platform/health-calls';
import { adminJobs } from './platform/jobs-calls';
import { adminPrivacy, privacy } from './privacy/calls';
import { analytics } from './views/analytics-calls';
import { adminBankStatements } from './funds/bank-statement-calls';
import { auditLog } from './views/audit-log-calls';
import { adminCustomers } from './views/customers-calls';
import { dashboard } from './views/dashboard-calls';
import { financeCounts } from './views/finance-counts-calls';
import { memberHome } from './views/member-home-calls';
import { reimbursement } from './views/reimbursement-calls';
import { paperMethods } from './views/paper-methods-calls';
import { adminOrderConditions } from './orders/condition-calls';
import { adminVault, vault, vaultOpen } from './vault/calls';

export const calls = {
  adminVault,
  vault,
  vaultOpen,
  accounts,
  wxLogin,
  addresses,
  agreements,
  consents,
  adminAgreements,
  adminAnnouncements,
  adminCatalog,
  adminConsultations,
  adminContent,
  adminPackTemplates,
  images,
  adminFunds,
  adminBankStatements,
  adminGrowth,
  adminMembers,
  adminAttestations,
  adminCommunities,
  adminMessages,
  adminJobs,
  adminPayments,
  adminOrders,
  adminOrderDesk,
  adminPoints,
  onlinePay,
  adminPromotion,
  approvals,
  catalog,
  adminSearchWords,
  communities,
  content,
  contracts,
  documents,
  adminDocuments,
  adminContracts,
  dashboard,
  analytics,
  funds,
  grants,
  health,
  invites,
  messages,
  consultations,
  orderProgress,
  orders,
  payment,
  plan,
  sampleSheets,
  points,
  profile,
  privacy,
  adminPrivacy,
  promotion,
  requirements,
  adminRequirements,
  reservations,
  adminReservations,
  pickups,
  recycles,
  adminPickups,
  adminSamples,
  adminQueue,
  queue,
  staffAuth,
  staffWx,
  staff,
  auditLog,
  adminCustomers,
  financeCounts,
  memberHome,
  adminTeacherRequests,
  reimbursement,
  paperMethods,
  adminOrderConditions,
};
export type Calls = typeof calls;
