import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText } from '../common';
import { blankToUndefined, jsonField, optionalDate, rid, staffMemberView } from './fields';
import { chosenOptionView, PLAN_MAX_LINES } from './plan-schemas';
import { SAMPLE_COUNT_MAX } from './values';

// ---- requirements (/require, /experiment/demand) and quotes ----

export const requirementStatuses = ['open', 'quoted', 'accepted', 'closed', 'cancelled'] as const;

export const quoteLineView = z.object({
  rid: z.string(),
  name: z.string(),
  count: z.number().int(),
  options: z.array(chosenOptionView),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
});
export const requirementView = z.object({
  rid: z.string(),
  title: z.string(),
  content: z.string(),
  samples: z.string(),
  budget: z.string(),
  deadline: z.string().nullable(),
  contact: z.string(),
  phone: z.string(),
  status: z.enum(requirementStatuses),
  statusText: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string() })),
  /** the lab's answer */
  quote: z.object({ lines: z.array(quoteLineView), totalFen: z.number().int(), note: z.string(), quotedAt: z.string() }).nullable(),
  createdAt: z.string(),
});
/**
 * The latest quote of a requirement filed for a second person's approval (over the sales person's
 * 报价盖章 limit): pending — nothing is sealed or sent until a colleague approves — or rejected with
 * the reason, or withdrawn. null: never filed.
 */
export const requirementQuoteApproval = z.object({
  rid: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']),
  statusText: z.string(),
  valueFen: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export const adminRequirementView = requirementView.extend({
  member: staffMemberView,
  closeReason: z.string().nullable(),
  quotedBy: z.number().int().nullable(),
  quoteApproval: requirementQuoteApproval.nullable(),
});

export type AdminRequirement = z.infer<typeof adminRequirementView>;
export type RequirementStatus = (typeof requirementStatuses)[number];
export const requirementStatusLabels: Record<RequirementStatus, string> = {
  open: '待报价',
  quoted: '已报价',
  accepted: '已接受',
  closed: '已关闭',
  cancelled: '已撤回',
};

/** demand/add (page /require); files are attached afterwards with demand/file. */
export const requirementAddBody = z.object({
  title: requiredText('测试需求', 100),
  content: requiredText('需求描述', 2000),
  samples: requiredText('样品信息', 500),
  budget: optionalText('预算', 40),
  deadline: optionalDate('期望完成日期'),
  contact: requiredText('联系人', 40),
  phone: z.string({ error: emptyMessage('联系电话') }).trim().min(1, { error: emptyMessage('联系电话') }).regex(phonePattern, { error: '[联系电话]格式不正确' }),
});
export type RequirementAddBody = z.infer<typeof requirementAddBody>;
export const requirementRidBody = z.object({ rid: rid('需求编号') });
export const requirementListBody = pageQuery.extend({ status: z.preprocess(blankToUndefined, z.enum(requirementStatuses).optional()) });
export type QuoteLine = z.infer<typeof quoteLineView>;
export type Requirement = z.infer<typeof requirementView>;
/** staff: demand/quote — lines as JSON [{ rid, count, options: { optionId: choiceId } }] */
export const adminQuoteBody = z.object({
  rid: rid('需求编号'),
  lines: jsonField('报价项目', z.array(z.object({ rid: z.string().max(40), count: z.coerce.number().int().min(1).max(SAMPLE_COUNT_MAX), options: z.record(z.string(), z.coerce.number().int()).default({}) })).min(1, { error: '[报价项目]不能为空' }).max(PLAN_MAX_LINES)),
  note: optionalText('报价说明', 1000),
});
export const adminRequirementCloseBody = z.object({ rid: rid('需求编号'), reason: requiredText('原因', 200) });
/** demand/file (GET): one attachment of a requirement */
export const requirementFileQuery = z.object({ rid: requiredText('需求编号', 40), id: requiredText('附件编号', 40) });
