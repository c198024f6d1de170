/**
 * The back office's pages by path under /admin, loaded only when opened: what the router needs
 * of each screen. The rest (title, roles, menu group) is in admin-routes.ts, which only the back
 * office's own chunks load — the public site's first load carries none of it.
 */
export interface AdminPage {
  /** without the menu and header: a page made for printing */
  bare?: true;
  load: () => Promise<{ default: React.ComponentType }>;
}

export const adminPages: Record<string, AdminPage> = {
  'dashboard': { load: () => import('../../features/views/pages/dashboard-page') },
  'analytics': { load: () => import('../../features/views/pages/analytics-page') },
  'approvals': { load: () => import('../../features/admin-approvals/pages/approvals-page') },
  'orders': { load: () => import('../../features/admin-orders/pages/orders-page') },
  'orders/:orderNo': { load: () => import('../../features/admin-orders/pages/order-detail-page') },
  'orders/:orderNo/labels': { bare: true, load: () => import('../../features/admin-orders/pages/sample-labels-page') },
  'receive': { load: () => import('../../features/admin-orders/pages/receive-page') },
  'queue': { load: () => import('../../features/admin-orders/pages/queue-page') },
  'sampling': { load: () => import('../../features/admin-orders/pages/sampling-page') },
  'reservations': { load: () => import('../../features/admin-orders/pages/reservations-page') },
  'returns': { load: () => import('../../features/admin-orders/pages/returns-page') },
  'vault': { load: () => import('../../features/admin-vault/pages/vault-upload-page') },
  'members': { load: () => import('../../features/admin-member/pages/members-page') },
  'members/:rid': { load: () => import('../../features/views/pages/member-detail-page') },
  'attestations': { load: () => import('../../features/admin-member/pages/attestations-page') },
  'communities': { load: () => import('../../features/admin-member/pages/communities-page') },
  'partners': { load: () => import('../../features/admin-growth/pages/partners-page') },
  'points': { load: () => import('../../features/admin-growth/pages/points-page') },
  'demands': { load: () => import('../../features/admin-orders/pages/demands-page') },
  'contracts': { load: () => import('../../features/admin-orders/pages/contracts-page') },
  'documents': { load: () => import('../../features/admin-orders/pages/documents-page') },
  'closures': { load: () => import('../../features/admin-privacy/pages/closures-page') },
  'finance/prestores': { load: () => import('../../features/admin-funds/pages/prestores-page') },
  'finance/bank': { load: () => import('../../features/admin-funds/pages/bank-statements-page') },
  'finance/invoices': { load: () => import('../../features/admin-funds/pages/invoices-page') },
  'finance/transfers': { load: () => import('../../features/admin-funds/pages/transfers-page') },
  'finance/withdrawals': { load: () => import('../../features/admin-funds/pages/withdrawals-page') },
  'finance/credit': { load: () => import('../../features/admin-funds/pages/credit-page') },
  'finance/accounts': { load: () => import('../../features/admin-funds/pages/accounts-page') },
  'finance/payments': { load: () => import('../../features/admin-payments/pages/payments-page') },
  'finance/coupons': { load: () => import('../../features/admin-funds/pages/coupons-page') },
  'finance/rules': { load: () => import('../../features/admin-funds/pages/prestore-rules-page') },
  'catalog/groups': { load: () => import('../../features/admin-catalog/pages/groups-page') },
  'catalog/items': { load: () => import('../../features/admin-catalog/pages/items-page') },
  'catalog/items/:rid': { load: () => import('../../features/admin-catalog/pages/item-edit-page') },
  'catalog/search-words': { load: () => import('../../features/admin-catalog/pages/search-words-page') },
  'content/banners': { load: () => import('../../features/admin-content/pages/banners-page') },
  'content/hot-areas': { load: () => import('../../features/admin-content/pages/hot-areas-page') },
  'content/articles': { load: () => import('../../features/admin-content/pages/articles-page') },
  'content/articles/:rid': { load: () => import('../../features/admin-content/pages/article-edit-page') },
  'content/thanks': { load: () => import('../../features/admin-content/pages/thanks-page') },
  'content/pages': { load: () => import('../../features/admin-content/pages/pages-page') },
  'content/partners': { load: () => import('../../features/admin-content/pages/partners-page') },
  'content/certificates': { load: () => import('../../features/admin-content/pages/certificates-page') },
  'content/settings': { load: () => import('../../features/admin-content/pages/settings-page') },
  'content/agreements': { load: () => import('../../features/admin-content/pages/agreements-page') },
  'consultations': { load: () => import('../../features/admin-messages/pages/consultations-page') },
  'announcements': { load: () => import('../../features/admin-messages/pages/announcements-page') },
  'outbox': { load: () => import('../../features/admin-messages/pages/outbox-page') },
  'alerts': { load: () => import('../../features/admin-messages/pages/alerts-page') },
  'staff': { load: () => import('../../features/admin-accounts/pages/staff-page') },
  'audit': { load: () => import('../../features/views/pages/audit-page') },
  'approval-limits': { load: () => import('../../features/admin-approvals/pages/approval-limits-page') },
  'job-settings': { load: () => import('../../features/admin-platform/pages/job-settings-page') },
  'growth-settings': { load: () => import('../../features/admin-growth/pages/growth-settings-page') },
  'pack-templates': { load: () => import('../../features/admin-content/pages/pack-templates-page') },
};
