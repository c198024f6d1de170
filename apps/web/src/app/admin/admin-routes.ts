import type { StaffRole } from '@lab/contract';

/**
 * The back office's screens: path under /admin, title, the roles that see it (admin sees
 * everything; the server checks every call again) and the menu group; each screen's page is in
 * admin-pages.ts (the router's part). Pages without a `group` are reached from other screens
 * (details, printing). Loaded with the back office's layout, never on the public site's first load.
 */
export type AdminGroup = 'home' | 'approvals' | 'analytics' | 'orders' | 'members' | 'finance' | 'catalog' | 'content' | 'messages' | 'system';

export interface AdminScreen {
  path: string;
  title: string;
  roles: readonly StaffRole[] | 'any';
  group?: AdminGroup;
  /** without the menu and header: a page made for printing */
  bare?: boolean;
}

const sales = ['sales'] as const;
const lab = ['lab'] as const;
const salesAndLab = ['sales', 'lab'] as const;
const finance = ['finance'] as const;
const adminOnly = [] as const;

export const adminScreens: AdminScreen[] = [
  // ---- home ----
  { path: 'dashboard', title: '工作台', roles: 'any', group: 'home' },
  { path: 'analytics', title: '运营分析', roles: ['lab', 'finance'], group: 'analytics' },
  // coupons, refunds and adjustments above their maker's limit: every role files or decides them
  { path: 'approvals', title: '待审批', roles: 'any', group: 'approvals' },

  // ---- orders and samples ----
  { path: 'orders', title: '订单管理', roles: salesAndLab, group: 'orders' },
  { path: 'orders/:orderNo', title: '订单详情', roles: salesAndLab },
  { path: 'orders/:orderNo/labels', title: '样品标签', roles: salesAndLab, bare: true },
  { path: 'receive', title: '收样登记', roles: lab, group: 'orders' },
  { path: 'queue', title: '排队看板', roles: salesAndLab, group: 'orders' },
  { path: 'sampling', title: '上门取样', roles: salesAndLab, group: 'orders' },
  { path: 'reservations', title: '仪器预约', roles: salesAndLab, group: 'orders' },
  { path: 'returns', title: '样品回寄', roles: salesAndLab, group: 'orders' },
  { path: 'vault', title: '原始数据上传', roles: lab, group: 'orders' },

  // ---- customers ----
  { path: 'members', title: '会员管理', roles: ['sales', 'finance'], group: 'members' },
  { path: 'members/:rid', title: '会员详情', roles: ['sales', 'finance'] },
  { path: 'attestations', title: '资料认证', roles: sales, group: 'members' },
  { path: 'communities', title: '科研团体', roles: sales, group: 'members' },
  { path: 'partners', title: '推广合伙人', roles: sales, group: 'members' },
  { path: 'points', title: '积分与兑换', roles: sales, group: 'members' },
  { path: 'demands', title: '测试需求', roles: sales, group: 'members' },
  { path: 'contracts', title: '合同管理', roles: sales, group: 'members' },
  { path: 'documents', title: '盖章文件', roles: ['sales', 'finance'], group: 'members' },
  { path: 'closures', title: '注销记录', roles: ['sales', 'finance'], group: 'members' },

  // ---- finance ----
  { path: 'finance/prestores', title: '预存审核', roles: finance, group: 'finance' },
  { path: 'finance/bank', title: '银行流水对账', roles: finance, group: 'finance' },
  { path: 'finance/invoices', title: '发票管理', roles: finance, group: 'finance' },
  { path: 'finance/transfers', title: '转账审核', roles: finance, group: 'finance' },
  { path: 'finance/withdrawals', title: '提现审核', roles: finance, group: 'finance' },
  { path: 'finance/credit', title: '信用额度', roles: finance, group: 'finance' },
  { path: 'finance/accounts', title: '资金账户', roles: finance, group: 'finance' },
  { path: 'finance/payments', title: '在线支付与对账', roles: finance, group: 'finance' },
  { path: 'finance/coupons', title: '优惠券', roles: ['finance', 'sales'], group: 'finance' },
  { path: 'finance/rules', title: '预存规则', roles: finance, group: 'finance' },

  // ---- catalogue ----
  { path: 'catalog/groups', title: '服务分类', roles: adminOnly, group: 'catalog' },
  { path: 'catalog/items', title: '服务项目', roles: adminOnly, group: 'catalog' },
  { path: 'catalog/items/:rid', title: '编辑服务项目', roles: adminOnly },
  { path: 'catalog/search-words', title: '搜索词', roles: adminOnly, group: 'catalog' },

  // ---- content ----
  { path: 'content/banners', title: '轮播图', roles: adminOnly, group: 'content' },
  { path: 'content/hot-areas', title: '热门专区', roles: adminOnly, group: 'content' },
  { path: 'content/articles', title: '新闻·课程·案例', roles: adminOnly, group: 'content' },
  { path: 'content/articles/:rid', title: '编辑文章', roles: adminOnly },
  { path: 'content/thanks', title: '论文致谢', roles: adminOnly, group: 'content' },
  { path: 'content/pages', title: '关于与静态页', roles: adminOnly, group: 'content' },
  { path: 'content/partners', title: '合作机构', roles: adminOnly, group: 'content' },
  { path: 'content/certificates', title: '资质证书', roles: adminOnly, group: 'content' },
  { path: 'content/settings', title: '站点设置', roles: adminOnly, group: 'content' },
  { path: 'content/agreements', title: '协议管理', roles: adminOnly, group: 'content' },

  // ---- messages ----
  { path: 'consultations', title: '客户咨询', roles: sales, group: 'messages' },
  { path: 'announcements', title: '站内公告', roles: adminOnly, group: 'messages' },
  { path: 'outbox', title: '发送记录', roles: adminOnly, group: 'messages' },
  { path: 'alerts', title: '系统提醒', roles: 'any', group: 'messages' },

  // ---- system ----
  { path: 'staff', title: '员工账号', roles: adminOnly, group: 'system' },
  { path: 'audit', title: '操作日志', roles: adminOnly, group: 'system' },
  { path: 'approval-limits', title: '审批额度', roles: adminOnly, group: 'system' },
  { path: 'job-settings', title: '后台任务设置', roles: adminOnly, group: 'system' },
  { path: 'growth-settings', title: '推广与积分设置', roles: adminOnly, group: 'system' },
  { path: 'pack-templates', title: '报销模板', roles: adminOnly, group: 'system' },
];

/** Whether a role sees a screen: admin sees all; `[]` means admin only. */
export const canSee = (screen: Pick<AdminScreen, 'roles'>, role: StaffRole | undefined) =>
  role !== undefined && (role === 'admin' || screen.roles === 'any' || screen.roles.includes(role));
