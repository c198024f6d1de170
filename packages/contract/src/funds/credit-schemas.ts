import { z } from 'zod';
import { optionalText, requiredText } from '../common';
import { rid } from './fields';
import { yuanField } from './schemas';

// ---- credit (pay after test) ----

export const CREDIT_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const creditStatusLabels: Record<CreditStatus, string> = { pending: '审核中', approved: '已通过', refused: '未通过', cancelled: '已取消' };
export const CREDIT_ONLY_TEACHER_OR_ENTERPRISE = '只有认证为老师或企业的用户可以申请信用额度';

/** creditApply/operate — action apply (limit, reason) or cancel (rid). */
export const creditOperateBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('apply'), limit: yuanField('申请额度'), reason: requiredText('申请说明', 500), contact: optionalText('联系人', 30) }),
    z.object({ action: z.literal('cancel'), rid: rid('申请编号') }),
  ],
  { error: '[操作]不正确' },
);
export type CreditOperateBody = z.infer<typeof creditOperateBody>;

export const creditApplicationView = z.object({
  rid: z.string(),
  requestedFen: z.number(),
  approvedFen: z.number().nullable(),
  reason: z.string(),
  status: z.enum(CREDIT_STATUSES),
  statusText: z.string(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CreditApplication = z.infer<typeof creditApplicationView>;
export const creditInfoView = z.object({
  /** 0: no credit line */
  limitFen: z.number(),
  applications: z.array(creditApplicationView),
});
export type CreditInfo = z.infer<typeof creditInfoView>;
