import { z } from 'zod';
import { staffRole } from '../accounts/schemas';
import { adminTableQuery, dateFilter } from '../admin-table';
import { ID_MAX, optionalText } from '../common';

// ---- the audit log (admin) ----

export const auditListBody = adminTableQuery(['createdAt']).extend({
  staffId: z.coerce.number({ error: '[员工]不正确' }).int({ error: '[员工]不正确' }).positive({ error: '[员工]不正确' }).max(ID_MAX, { error: '[员工]不正确' }).optional().or(z.literal('').transform(() => undefined)),
  entity: optionalText('对象类型', 40),
  action: optionalText('操作', 60),
  target: optionalText('对象编号', 80),
  from: dateFilter('开始日期'),
  to: dateFilter('结束日期'),
});
export type AuditListBody = z.infer<typeof auditListBody>;

/** audit/detail: one entry by its number. */
export const auditIdBody = z.object({ id: z.coerce.number({ error: '[编号]不能为空' }).int({ error: '[编号]不正确' }).positive({ error: '[编号]不正确' }).max(ID_MAX, { error: '[编号]不正确' }) });

export const auditEntry = z.object({
  id: z.number().int(),
  /** null on a member's own privacy row (导出我的数据, 注销账号): memberId says who */
  staffId: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  staffName: z.string(),
  /** a staff role, or 'member' on a member's own row */
  staffRole: staffRole.or(z.literal('member')),
  action: z.string(),
  actionLabel: z.string(),
  entity: z.string(),
  targetKey: z.string().nullable(),
  /** the request's fields, secrets masked */
  input: z.record(z.string(), z.unknown()),
  /** the object before and after, as its kind's loader reads it (any kind: free JSON) */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** audit/actions: an audited action the server knows, for the log's filter. */
export const auditAction = z.object({ action: z.string(), label: z.string(), entity: z.string() });
export type AuditAction = z.infer<typeof auditAction>;

/** Names of the kinds of objects in the audit log, for the filter and the table. */
export const auditEntityLabels: Record<string, string> = {
  staff: '员工账号',
  order: '订单',
  sampling: '上门取样',
  recycle: '样品回寄',
  reservation: '仪器预约',
  member: '会员',
  attestation: '资料认证',
  community: '科研团体',
  prestore: '预存申请',
  bankStatement: '银行流水',
  transfer: '转账申请',
  account: '资金账户',
  invoice: '发票申请',
  credit: '信用额度',
  coupon: '优惠券',
  couponTemplate: '优惠券模板',
  prestoreRules: '预存规则',
  partner: '推广合伙人',
  withdrawal: '返利提现',
  pointsApplication: '积分申请',
  exchangeItem: '兑换商品',
  exchange: '积分兑换',
  growthSettings: '推广设置',
  announcement: '站内公告',
  consultation: '访客咨询',
  requirement: '测试需求',
  approval: '审批申请',
  approvalLimit: '审批额度',
  contract: '合同',
  agreement: '协议版本',
  serviceGroup: '服务分组',
  serviceChild: '服务子类',
  serviceItem: '服务项目',
  banner: '轮播图',
  hotArea: '热门专区',
  article: '文章',
  thanks: '论文致谢',
  page: '页面',
  partnerLogo: '合作机构',
  setting: '站点设置',
  image: '图片',
};
