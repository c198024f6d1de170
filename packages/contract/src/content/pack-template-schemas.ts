import { z } from 'zod';
import { requiredText } from '../common';
import { yuanField } from '../funds/schemas';
import { packTemplateKeys } from '../views/reimbursement-schemas';

// ---- 系统 → 报销模板: what each institution asks for in a reimbursement pack (decisions/0050) ----

/** A template as the pack uses it and the back office edits it. */
export const packTemplateView = z.object({
  key: z.enum(packTemplateKeys),
  name: z.string(),
  /** what the template asks, in a sentence the member reads */
  rule: z.string(),
  /** from this total a signed 测试合同 (协议) is required; below it the 测试清单 (the 创新券 template: 0, always) */
  contractFromFen: z.number().int(),
  /** from this total a payment proof is required (0: always) */
  proofFromFen: z.number().int(),
  /** when staff last changed it; null: the built-in default */
  updatedAt: z.string().nullable(),
});
export type PackTemplateView = z.infer<typeof packTemplateView>;

/** POST /api/admin/packTemplate/save */
export const packTemplateSaveBody = z.object({
  key: z.enum(packTemplateKeys, { error: '[报销模板]不正确' }),
  name: requiredText('模板名称', 40),
  rule: requiredText('报销要求', 300),
  contract_from: yuanField('合同金额起点', { max: 100_000_000 }),
  proof_from: yuanField('付款证明金额起点', { max: 100_000_000 }),
});
export type PackTemplateSaveBody = z.infer<typeof packTemplateSaveBody>;
