import { z } from 'zod';
import { optionalText } from '../common';

// ---- the reimbursement pack (报销材料): one ZIP of what a finance office asks for (decisions/0050-reimbursement-pack.md) ----

/** default: 中山大学 财务处's published rules; voucher: 创新券 redemption */
export const packTemplateKeys = ['default', 'voucher'] as const;
export type PackTemplateKey = (typeof packTemplateKeys)[number];
export const packTemplateLabels: Record<PackTemplateKey, string> = { default: '高校报销（通用）', voucher: '创新券兑付' };

/** What goes in a pack: the cover sheet, the sealed 测试明细清单, the invoice, the signed agreement, the reports, the payment proof, and for an order paid with a grant card its 经费卡对账单. */
export const packPieceKinds = ['cover', 'statement', 'invoice', 'agreement', 'report', 'payment', 'grant'] as const;
export type PackPieceKind = (typeof packPieceKinds)[number];
export const packPieceLabels: Record<PackPieceKind, string> = {
  cover: '报销材料封面',
  statement: '测试明细清单（盖章）',
  invoice: '发票',
  agreement: '委托检测服务协议（已签署）',
  report: '检测报告',
  payment: '付款证明',
  grant: '经费卡对账单',
};

/**
 * GET reimbursement/status and reimbursement/pack: a pack for one order, one invoice application or
 * one statement period (from–to, the 对账单's orders that are paid); exactly one of them.
 */
export const packQuery = z
  .object({
    order_no: optionalText('订单编号', 32),
    invoice_rid: optionalText('开票申请', 40),
    from: optionalText('开始日期', 10),
    to: optionalText('结束日期', 10),
    template: z.enum(packTemplateKeys, { error: '[报销模板]不正确' }).optional(),
  })
  .refine((q) => [q.order_no, q.invoice_rid, q.from ?? q.to].filter(Boolean).length === 1, { error: '请指定订单、开票申请或对账期间中的一项' });
export type PackQuery = z.infer<typeof packQuery>;

export const packPiece = z.object({
  kind: z.enum(packPieceKinds),
  label: z.string(),
  /** the order it belongs to; null for the pack's own (cover, an invoice over several orders) */
  orderNo: z.string().nullable(),
  /** the file's name in the ZIP, or '' when it is missing */
  name: z.string(),
  present: z.boolean(),
  /** the template asks for it (a missing required piece refuses the pack) */
  required: z.boolean(),
  /** why it is missing, or what it is */
  note: z.string(),
});
export type PackPiece = z.infer<typeof packPiece>;

export const packStatus = z.object({
  template: z.enum(packTemplateKeys),
  templateName: z.string(),
  /** what the template asks, in a sentence */
  templateRule: z.string(),
  templates: z.array(z.object({ key: z.enum(packTemplateKeys), name: z.string() })),
  orders: z.array(z.object({ orderNo: z.string(), title: z.string(), amountFen: z.number().int() })),
  totalFen: z.number().int(),
  pieces: z.array(packPiece),
  /** every reason the pack cannot be made yet; empty: ready */
  missing: z.array(z.string()),
  ready: z.boolean(),
});
export type PackStatus = z.infer<typeof packStatus>;
