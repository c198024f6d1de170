import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './platform/deps';
import { registerCalls } from './platform/calls';
import { registerStaffDocs } from './platform/openapi';
import { healthRoutes } from './platform/health';
import { addressRoutes } from './areas/member/addresses.routes';
import { accountRoutes, staffAuthRoutes, wxLoginRoutes } from './areas/accounts/auth.routes';
import { staffWxRoutes } from './areas/accounts/staff-wx.routes';
import { consentRoutes } from './areas/accounts/consents.routes';
import { agreementAdminRoutes, agreementRoutes } from './areas/content/agreements.routes';
import { catalogRoutes, serveCatalogImages } from './areas/catalog/catalog.routes';
import { contentRoutes } from './areas/content/content.routes';
import { communityRoutes, profileRoutes } from './areas/member/member.routes';
import { pickupRoutes, recycleRoutes } from './areas/orders/pickups/pickups.routes';
import { adminPickupRoutes } from './areas/orders/pickups/pickups-admin.routes';
import { adminPrivacyRoutes, privacyRoutes } from './areas/privacy/privacy.routes';
import { adminVaultRoutes } from './areas/vault/vault-admin.routes';
import { vaultOpenRoutes, vaultRoutes } from './areas/vault/vault.routes';
import { fundsRoutes } from './areas/funds/funds.routes';
import { planRoutes } from './areas/orders/plan.routes';
import { sampleSheetRoutes } from './areas/orders/sample-sheet.routes';
import { ordersRoutes } from './areas/orders/orders.routes';
import { paymentRoutes } from './areas/payments/payment.routes';
import { grantRoutes } from './areas/grants/grants.routes';
import { onlinePayRoutes, servePayPages } from './areas/payments/online-pay.routes';
import { orderProgressRoutes, progressRoutes } from './areas/orders/desk/progress.routes';
import { itemWaitRoutes, queueRoutes } from './areas/orders/desk/queue.routes';
import { sampleRoutes } from './areas/orders/desk/samples.routes';
import { adminReservationsRoutes, reservationsRoutes } from './areas/orders/reservations/reservations.routes';
import { adminContractsRoutes, adminRequirementsRoutes, contractsRoutes, requirementsRoutes } from './areas/orders/requirements.routes';
import { adminDocumentsRoutes, documentsRoutes } from './areas/orders/documents/documents.routes';
import { growthSettingsRoutes, invitesRoutes } from './areas/growth/invites.routes';
import { promotionAdminRoutes, promotionRoutes } from './areas/growth/promotion.routes';
import { pointsAdminRoutes, pointsRoutes } from './areas/growth/points.routes';
import { announcementsRoutes, consultationsRoutes, memberConsultationsRoutes, messagesRoutes } from './areas/messages/member-messages.routes';
import { staffRoutes } from './areas/accounts/staff-admin.routes';
import { auditLogRoutes } from './views/audit-log.routes';
import { imageRoutes, serveUploadedImages } from './areas/content/images.routes';
import { catalogAdminRoutes } from './areas/catalog/catalog-admin.routes';
import { searchWordsAdminRoutes } from './areas/catalog/search-admin.routes';
import { contentAdminRoutes } from './areas/content/content-admin.routes';
import { ordersAdminRoutes } from './areas/orders/orders-admin.routes';
import { adminAttestationRoutes, adminCommunityRoutes, adminMemberRoutes, adminTeacherRequestRoutes } from './areas/member/member-admin.routes';
import { fundsAdminRoutes } from './areas/funds/funds-admin.routes';
import { bankStatementRoutes } from './areas/funds/bank-statements.routes';
import { paymentsAdminRoutes } from './areas/payments/payments-admin.routes';
import { analyticsRoutes } from './views/analytics.routes';
import { dashboardRoutes } from './views/dashboard.routes';
import { financeCountsRoutes } from './views/finance-counts.routes';
import { memberDetailRoutes } from './views/member-detail.routes';
import { memberHomeRoutes } from './views/member-home.routes';
import { reimbursementRoutes } from './views/reimbursement-pack.routes';
import { paperMethodsRoutes } from './views/paper-methods.routes';
import { conditionsRoutes } from './areas/orders/desk/conditions.routes';
import { packTemplatesAdminRoutes } from './areas/content/pack-templates.routes';
import { messagesAdminRoutes } from './areas/messages/messages-admin.routes';
import { jobsAdminRoutes } from './platform/job-settings.routes';
import { approvalsRoutes } from './areas/approvals/approvals-admin.routes';
import { testOutboxRoutes } from './platform/test-outbox.routes';
import { serveWechatCallback } from './areas/accounts/wx-mp.routes';

/**
 * Every route of the app (buildApp registers them once its plugins and guards are in place):
 * the contract's calls, one module per resource, then the staff API document and the pages
 * and files served beside the calls.
 */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  // every call of the contract's table (packages/contract/src/calls.ts), one module per resource
  await registerCalls(app, deps, [
    healthRoutes,
    addressRoutes,
    planRoutes,
    sampleSheetRoutes,
    ordersRoutes,
    paymentRoutes,
    grantRoutes,
    onlinePayRoutes,
    requirementsRoutes,
    adminRequirementsRoutes,
    documentsRoutes,
    adminDocumentsRoutes,
    contractsRoutes,
    adminContractsRoutes,
    fundsRoutes,
    fundsAdminRoutes,
    bankStatementRoutes,
    paymentsAdminRoutes,
    invitesRoutes,
    growthSettingsRoutes,
    promotionRoutes,
    promotionAdminRoutes,
    pointsRoutes,
    pointsAdminRoutes,
    messagesRoutes,
    consultationsRoutes,
    memberConsultationsRoutes,
    announcementsRoutes,
    accountRoutes,
    wxLoginRoutes,
    staffAuthRoutes,
    staffWxRoutes,
    agreementRoutes,
    consentRoutes,
    agreementAdminRoutes,
    staffRoutes,
    auditLogRoutes,
    approvalsRoutes,
    dashboardRoutes,
    analyticsRoutes,
    financeCountsRoutes,
    messagesAdminRoutes,
    jobsAdminRoutes,
    catalogRoutes,
    contentRoutes,
    imageRoutes,
    catalogAdminRoutes,
    searchWordsAdminRoutes,
    contentAdminRoutes,
    profileRoutes,
    memberHomeRoutes,
    reimbursementRoutes,
    paperMethodsRoutes,
    conditionsRoutes,
    packTemplatesAdminRoutes,
    privacyRoutes,
    vaultRoutes,
    vaultOpenRoutes,
    adminVaultRoutes,
    adminPrivacyRoutes,
    pickupRoutes,
    recycleRoutes,
    adminPickupRoutes,
    communityRoutes,
    adminMemberRoutes,
    memberDetailRoutes,
    adminAttestationRoutes,
    adminTeacherRequestRoutes,
    adminCommunityRoutes,
    reservationsRoutes,
    adminReservationsRoutes,
    progressRoutes,
    sampleRoutes,
    queueRoutes,
    itemWaitRoutes,
    orderProgressRoutes,
    ordersAdminRoutes,
  ]);
  registerStaffDocs(app);
  await serveCatalogImages(app);
  await serveUploadedImages(app, deps);
  if (config.E2E_OUTBOX) await testOutboxRoutes(app, deps);
  await servePayPages(app, deps);
  await serveWechatCallback(app, deps);
}
