/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { accounts, wxLogin } from './calls/accounts';
import { addresses } from './calls/addresses';
import { adminAgreements, agreements, consents } from './calls/agreements';
import { adminAnnouncements } from './calls/admin-announcements';
import { adminCatalog } from './calls/admin-catalog';
import { adminConsultations } from './calls/admin-consultations';
import { adminContent, images } from './calls/admin-content';
import { adminFunds } from './calls/admin-funds';
import { adminGrowth } from './calls/admin-growth';
import { adminAttestations, adminCommunities, adminMembers } from './calls/admin-members';
import { adminMessages } from './calls/admin-messages';
import { adminJobs } from './calls/admin-jobs';
import { adminPayments } from './calls/admin-payments';
import { adminOrderDesk, adminOrders } from './calls/admin-orders';
import { adminPoints } from './calls/admin-points';
import { adminPromotion } from './calls/admin-promotion';
import { approvals } from './calls/approvals';
import { catalog } from './calls/catalog';
import { communities } from './calls/communities';
import { content } from './calls/content';
import { adminContracts, contracts } from './calls/contracts';
import { dashboard } from './calls/dashboard';
import { funds } from './calls/funds';
import { health } from './calls/health';
import { invites } from './calls/invites';
import { messages } from './calls/messages';
import { orderProgress } from './calls/order-progress';
import { onlinePay } from './calls/online-pay';
import { orders } from './calls/orders';
import { payment } from './calls/payment';
import { plan } from './calls/plan';
import { points } from './calls/points';
import { profile } from './calls/profile';
import { adminPrivacy, privacy } from './calls/privacy';
import { promotion } from './calls/promotion';
import { adminRequirements, requirements } from './calls/requirements';
import { adminReservations, reservations } from './calls/reservations';
import { adminPickups, pickups, recycles } from './calls/sampling';
import { staffAuth } from './calls/staff-auth';
import { auditLog, staff } from './calls/staff';

export const calls = {
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
  images,
  adminFunds,
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
  communities,
  content,
  contracts,
  adminContracts,
  dashboard,
  funds,
  health,
  invites,
  messages,
  orderProgress,
  orders,
  payment,
  plan,
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
  staffAuth,
  staff,
  auditLog,
};
export type Calls = typeof calls;
