import { z } from 'zod';
import { emptyMessage, optionalText, pageQuery, phonePattern, requiredText } from '../common';
import { optionalEnum, rid } from './fields';

// ---- invoices ----

/** spec: 0 none, 1 VAT ordinary e-invoice, 3 VAT special e-invoice, 2 ordinary paper, 4 special paper */
export const InvoiceType = { none: 0, ordinaryElectronic: 1, ordinaryPaper: 2, specialElectronic: 3, specialPaper: 4 } as const;
export const invoiceTypeLabels: Record<number, string> = {
  0: '不开发票',
  1: '增值税普通电子发票',
  3: '增值税专用电子发票',
  2: '普通纸质发票',
  4: '专用纸质发票',
};
export const isSpecialInvoice = (type: number) => type === 3 || type === 4;
export const isElectronicInvoice = (type: number) => type === 1 || type === 3;
export const SPECIAL_INVOICE_NEEDS_UNIT = '增值税专用发票须使用单位抬头，并填写完整的税号、开户银行、银行账号、注册地址和电话';

export const INVOICE_TITLE_KINDS = ['personal', 'unit'] as const;
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];
export const MAX_INVOICE_TITLES = 20;

const emailField = (label: string) =>
  optionalText(label, 100).refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v), { error: `[${label}]格式不正确` });

/** invoice/add — a title (抬头): personal or unit; a unit needs its tax number. */
export const invoiceTitleAddBody = z
  .object({
    kind: z.enum(INVOICE_TITLE_KINDS, { error: '[抬头类型]不正确' }),
    title: requiredText('发票抬头', 100),
    tax_no: optionalText('税号', 30),
    bank: optionalText('开户银行', 100),
    bank_account: optionalText('银行账号', 40),
    address: optionalText('注册地址', 200),
    phone: optionalText('注册电话', 30),
    email: emailField('接收邮箱'),
    default: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : String(v)), z.enum(['0', '1'], { error: '[默认抬头]不正确' }).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'unit' && !value.tax_no) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: emptyMessage('税号') });
    if (value.tax_no && !/^[0-9A-Z]{15,20}$/.test(value.tax_no)) ctx.addIssue({ code: 'custom', path: ['tax_no'], message: '[税号]格式不正确' });
  });
export type InvoiceTitleAddBody = z.infer<typeof invoiceTitleAddBody>;
export const invoiceTitleEditBody = z.intersection(invoiceTitleAddBody, z.object({ rid: rid('抬头编号') }));
export type InvoiceTitleEditBody = z.infer<typeof invoiceTitleEditBody>;
export const invoiceTitleRidBody = z.object({ rid: rid('抬头编号') });

export const invoiceTitleView = z.object({
  rid: z.string(),
  kind: z.enum(INVOICE_TITLE_KINDS),
  title: z.string(),
  tax_no: z.string().nullable(),
  bank: z.string().nullable(),
  bank_account: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  default: z.union([z.literal(0), z.literal(1)]),
  /** complete enough for a special (专用) invoice */
  specialReady: z.boolean(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitleView>;

/** void: every fen the application covered was refunded before it was issued (the reason in rejectReason) */
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = { pending: '待开票', issued: '已开票', rejected: '已驳回', void: '已作废' };

/** 红冲 of an issued invoice whose money was refunded: needed until finance records the red-letter invoice. */
export const RED_LETTER_STATUSES = ['needed', 'done'] as const;
export type RedLetterStatus = (typeof RED_LETTER_STATUSES)[number];
export const redLetterStatusLabels: Record<RedLetterStatus, string> = { needed: '待红冲', done: '已红冲' };
export const redLetterView = z.object({
  status: z.enum(RED_LETTER_STATUSES),
  statusText: z.string(),
  /** the refunded amount the red-letter invoice corrects */
  amountFen: z.number(),
  /** what was refunded: 订单 KY… 已取消，退款 ¥… */
  reason: z.string(),
  /** the red-letter invoice (红字发票) once recorded */
  redInvoiceNo: z.string().nullable(),
  redIssuedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type RedLetter = z.infer<typeof redLetterView>;

/** a list that may be left out: none */
const optionalRidList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().trim().min(1).max(40), { error: `[${label}]不正确` }).max(100, { error: `[${label}]一次最多100笔` }),
  );

/**
 * invoiceApply/add — one invoice for confirmed top-ups (prestore rids, comma separated or an
 * array); orders join with the ordering issue. Type 1–4; the title by rid; paper invoices
 * need a mailing address (receiver, phone, address); e-invoices an e-mail.
 */
export const invoiceApplyAddBody = z
  .object({
    type: z.coerce.number({ error: emptyMessage('发票类型') }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '[发票类型]不正确' })),
    title_rid: rid('发票抬头'),
    prestore_rids: optionalRidList('开票预存单'),
    /** orders paid online (their online part; docs/payments.md "What finance reconciles") */
    order_nos: optionalRidList('开票订单'),
    /** online top-ups (支付单号): prepayments, as a confirmed transfer top-up */
    payment_nos: optionalRidList('在线充值'),
    email: emailField('接收邮箱'),
    receiver: optionalText('收件人', 30),
    receiver_phone: optionalText('收件电话', 11).refine((v) => v === undefined || phonePattern.test(v), { error: '[收件电话]格式不正确' }),
    receiver_address: optionalText('邮寄地址', 200),
    remark: optionalText('备注', 200),
  })
  .superRefine((value, ctx) => {
    if (value.prestore_rids.length + value.order_nos.length + value.payment_nos.length === 0) ctx.addIssue({ code: 'custom', path: ['prestore_rids'], message: emptyMessage('开票预存单') });
    if (value.type === 2 || value.type === 4) {
      if (!value.receiver) ctx.addIssue({ code: 'custom', path: ['receiver'], message: emptyMessage('收件人') });
      else if (!value.receiver_phone) ctx.addIssue({ code: 'custom', path: ['receiver_phone'], message: emptyMessage('收件电话') });
      else if (!value.receiver_address) ctx.addIssue({ code: 'custom', path: ['receiver_address'], message: emptyMessage('邮寄地址') });
    }
  });
export type InvoiceApplyAddBody = z.infer<typeof invoiceApplyAddBody>;
export const invoiceApplyEditBody = z.intersection(invoiceApplyAddBody, z.object({ rid: rid('开票申请') }));
export type InvoiceApplyEditBody = z.infer<typeof invoiceApplyEditBody>;
export const invoiceApplyRidBody = z.object({ rid: rid('开票申请') });
/** order_no: the applications covering that order (the order page's 发票 line; decision 0059) */
export const invoiceApplyListBody = pageQuery.extend({ status: optionalEnum(INVOICE_STATUSES, '状态'), order_no: optionalText('订单编号', 40) });
export type InvoiceApplyListBody = z.infer<typeof invoiceApplyListBody>;

export const invoiceApplicationView = z.object({
  rid: z.string(),
  type: z.number(),
  typeText: z.string(),
  title: invoiceTitleView.omit({ rid: true, default: true, specialReady: true }),
  amountFen: z.number(),
  /**
   * prestore: a confirmed transfer top-up (rid); online: an online top-up (支付单号); order: an order paid online, its online part (订单编号).
   * refunded: the money went back (the order cancelled): it left a pending application, or an issued one owes its 红冲
   */
  items: z.array(z.object({ kind: z.enum(['prestore', 'order', 'online']), ref: z.string(), amountFen: z.number(), refunded: z.boolean() })),
  email: z.string().nullable(),
  receiver: z.string().nullable(),
  receiverPhone: z.string().nullable(),
  receiverAddress: z.string().nullable(),
  remark: z.string(),
  status: z.enum(INVOICE_STATUSES),
  statusText: z.string(),
  invoiceNo: z.string().nullable(),
  issuedOn: z.string().nullable(),
  hasFile: z.boolean(),
  rejectReason: z.string().nullable(),
  /** the 红冲 an issued invoice owes or has had, oldest first (empty: none) */
  redLetters: z.array(redLetterView),
  createdAt: z.string(),
});
export type InvoiceApplication = z.infer<typeof invoiceApplicationView>;

/** invoiceApply/onlineSources: online money the member may still invoice (not on a live application) */
export const invoiceOnlineSourceView = z.object({
  kind: z.enum(['order', 'online']),
  /** 订单编号 (order) or 支付单号 (online top-up) */
  ref: z.string(),
  title: z.string(),
  channel: z.string(),
  amountFen: z.number().int(),
  paidAt: z.string(),
});
export type InvoiceOnlineSource = z.infer<typeof invoiceOnlineSourceView>;
