import type { StaffRole } from '@lab/contract';

/**
 * The back office's screens: path under /admin, title, the roles that see it (admin sees
 * everything; the server checks every call again), the menu group, and the page, loaded only
 * when opened. Pages without a `group` are reached from other screens (details, printing).
 *
 * Kept free of icons and components, so the public site's router can list these routes
 * without loading any of the back office.
 */
export type AdminGroup = 'home' | 'approvals' | 'orders' | 'members' | 'finance' | 'catalog' | 'content' | 'messages' | 'system';

export interface AdminScreen {
  path: string;
  title: string;
  roles: readonly StaffRole[] | 'any';
  group?: AdminGroup;
  /** without the menu and header: a page made for printing */
  bare?: boolean;
  load: () => Promise<{ default: React.ComponentType }>;
}

const sales = ['sales'] as const;
const lab = ['lab'] as const;
const salesAndLab = ['sales', 'lab'] as const;
const finance = ['finance'] as const;
const adminOnly = [] as const;

export const adminScreens: AdminScreen[] = [
  // ---- home ----
  { path: 'dashboard', title: '工作台', roles: 'any', group: 'home', load: () => import('../../features/admin-dashboard/pages/dashboard-page') },
  // coupons, refunds and adjustments above their maker's limit: every role files or decides them
  { path: 'approvals', title: '待审批', roles: 'any', group: 'approvals', load: () => import('../../features/admin-approvals/pages/approvals-page') },

  // ---- orders and samples ----
  { path: 'orders', title: '订单管理', roles: salesAndLab, group: 'orders', load: () => import('../../features/admin-orders/pages/orders-page') },
  { path: 'orders/:orderNo', title: '订单详情', roles: salesAndLab, load: () => import('../../features/admin-orders/pages/order-detail-page') },
  { path: 'orders/:orderNo/labels', title: '样品标签', roles: salesAndLab, bare: true, load: () => import('../../features/admin-orders/pages/sample-labels-page') },
  { path: 'receive', title: '收样登记', roles: lab, group: 'orders', load: () => import('../../features/admin-orders/pages/receive-page') },
  { path: 'sampling', title: '上门取样', roles: salesAndLab, group: 'orders', load: () => import('../../features/admin-orders/pages/sampling-page') },
  { path: 'reservations', title: '仪器预约', roles: salesAndLab, group: 'orders', load: () => import('../../features/admin-orders/pages/reservations-page') },
  { path: 'returns', title: '样品回寄', roles: salesAndLab, group: 'orders', load: () => import('../../features/admin-orders/pages/returns-page') },

  // ---- customers ----
  { path: 'members', title: '会员管理', roles: ['sales', 'finance'], group: 'members', load: () => import('../../features/admin-members/pages/members-page') },
  { path: 'members/:rid', title: '会员详情', roles: ['sales', 'finance'], load: () => import('../../features/admin-members/pages/member-detail-page') },
  { path: 'attestations', title: '资料认证', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/attestations-page') },
  { path: 'communities', title: '科研团体', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/communities-page') },
  { path: 'partners', title: '推广合伙人', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/partners-page') },
  { path: 'points', title: '积分与兑换', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/points-page') },
  { path: 'demands', title: '测试需求', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/demands-page') },
  { path: 'contracts', title: '合同管理', roles: sales, group: 'members', load: () => import('../../features/admin-members/pages/contracts-page') },

  // ---- finance ----
  { path: 'finance/prestores', title: '预存审核', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/prestores-page') },
  { path: 'finance/invoices', title: '发票管理', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/invoices-page') },
  { path: 'finance/transfers', title: '转账审核', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/transfers-page') },
  { path: 'finance/withdrawals', title: '提现审核', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/withdrawals-page') },
  { path: 'finance/credit', title: '信用额度', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/credit-page') },
  { path: 'finance/accounts', title: '资金账户', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/accounts-page') },
  { path: 'finance/coupons', title: '优惠券', roles: ['finance', 'sales'], group: 'finance', load: () => import('../../features/admin-finance/pages/coupons-page') },
  { path: 'finance/rules', title: '预存规则', roles: finance, group: 'finance', load: () => import('../../features/admin-finance/pages/prestore-rules-page') },

  // ---- catalogue ----
  { path: 'catalog/groups', title: '服务分类', roles: adminOnly, group: 'catalog', load: () => import('../../features/admin-catalog/pages/groups-page') },
  { path: 'catalog/items', title: '服务项目', roles: adminOnly, group: 'catalog', load: () => import('../../features/admin-catalog/pages/items-page') },
  { path: 'catalog/items/:rid', title: '编辑服务项目', roles: adminOnly, load: () => import('../../features/admin-catalog/pages/item-edit-page') },

  // ---- content ----
  { path: 'content/banners', title: '轮播图', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/banners-page') },
  { path: 'content/hot-areas', title: '热门专区', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/hot-areas-page') },
  { path: 'content/articles', title: '新闻·课程·案例', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/articles-page') },
  { path: 'content/articles/:rid', title: '编辑文章', roles: adminOnly, load: () => import('../../features/admin-content/pages/article-edit-page') },
  { path: 'content/thanks', title: '论文致谢', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/thanks-page') },
  { path: 'content/pages', title: '关于与静态页', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/pages-page') },
  { path: 'content/partners', title: '合作机构', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/partners-page') },
  { path: 'content/settings', title: '站点设置', roles: adminOnly, group: 'content', load: () => import('../../features/admin-content/pages/settings-page') },

  // ---- messages ----
  { path: 'consultations', title: '访客咨询', roles: sales, group: 'messages', load: () => import('../../features/admin-messages/pages/consultations-page') },
  { path: 'announcements', title: '站内公告', roles: adminOnly, group: 'messages', load: () => import('../../features/admin-messages/pages/announcements-page') },
  { path: 'outbox', title: '发送记录', roles: adminOnly, group: 'messages', load: () => import('../../features/admin-messages/pages/outbox-page') },
  { path: 'alerts', title: '系统提醒', roles: adminOnly, group: 'messages', load: () => import('../../features/admin-messages/pages/alerts-page') },

  // ---- system ----
  { path: 'staff', title: '员工账号', roles: adminOnly, group: 'system', load: () => import('../../features/admin-staff/pages/staff-page') },
  { path: 'audit', title: '操作日志', roles: adminOnly, group: 'system', load: () => import('../../features/admin-staff/pages/audit-page') },
  { path: 'approval-limits', title: '审批额度', roles: adminOnly, group: 'system', load: () => import('../../features/admin-approvals/pages/approval-limits-page') },
  { path: 'job-settings', title: '后台任务设置', roles: adminOnly, group: 'system', load: () => import('../../features/admin-staff/pages/job-settings-page') },
  { path: 'growth-settings', title: '推广与积分设置', roles: adminOnly, group: 'system', load: () => import('../../features/admin-staff/pages/growth-settings-page') },
];

/** Whether a role sees a screen: admin sees all; `[]` means admin only. */
export const canSee = (screen: Pick<AdminScreen, 'roles'>, role: StaffRole | undefined) =>
  role !== undefined && (role === 'admin' || screen.roles === 'any' || screen.roles.includes(role));
