import { z } from 'zod';
import { pageQuery, versionPin } from '../common';
import { rid } from './fields';
import { PRESTORE_STATUSES } from './prestore-schemas';

// ---- 银行流水对账 (issue 37): finance uploads the bank's statement; credit lines are matched to 预存申请 ----

/** The statement layouts the server reads (column maps per bank) and the generic one. */
export const BANK_LAYOUTS = ['icbc', 'ccb', 'boc', 'cmb', 'generic'] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];
export const bankLayoutLabels: Record<BankLayout, string> = { icbc: '工商银行', ccb: '建设银行', boc: '中国银行', cmb: '招商银行', generic: '通用格式' };

/** The biggest statement file (xlsx or csv) one upload takes. */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const bankStatementView = z.object({
  rid: z.string(),
  fileName: z.string(),
  layout: z.enum(BANK_LAYOUTS),
  layoutLabel: z.string(),
  /** lines read from the file (credits and debits) and the credit lines among them */
  lineCount: z.number().int(),
  creditCount: z.number().int(),
  createdAt: z.string(),
});
export type BankStatementView = z.infer<typeof bankStatementView>;

/** statement/upload: the statement, and what it added (a re-uploaded file or line is recognised, never booked twice). */
export const bankStatementUploaded = z.object({
  statement: bankStatementView,
  /** the same file was uploaded before: nothing was added */
  duplicate: z.boolean(),
  /** new credit lines listed for matching */
  added: z.number().int(),
  /** credit lines already on file from an earlier statement */
  known: z.number().int(),
  /** debit lines (money out), not listed */
  debits: z.number().int(),
});
export type BankStatementUploaded = z.infer<typeof bankStatementUploaded>;

export const BANK_LINE_STATUSES = ['open', 'matched'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];
export const bankLineStatusLabels: Record<BankLineStatus, string> = { open: '未对账', matched: '已入账' };

/** Why a 预存申请 is proposed for a line: its number in the remark, the same amount, the same payer. */
export const MATCH_REASONS = ['applyNo', 'amount', 'payer'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
export const matchReasonLabels: Record<MatchReason, string> = { applyNo: '附言含申请号', amount: '金额一致', payer: '户名一致' };

/** A 预存申请 the server proposes for a credit line (with the version to pin when confirming). */
export const bankMatchProposal = z.object({
  rid: z.string(),
  applyNo: z.string(),
  version: z.number().int(),
  amountFen: z.number().int(),
  payer: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  status: z.enum(PRESTORE_STATUSES),
  reasons: z.array(z.enum(MATCH_REASONS)),
});
export type BankMatchProposal = z.infer<typeof bankMatchProposal>;

export const bankLineView = z.object({
  rid: z.string(),
  statementRid: z.string(),
  /** the bank's time of the credit, 'YYYY-MM-DD HH:mm' (Shanghai) */
  bookedAt: z.string(),
  amountFen: z.number().int(),
  payer: z.string(),
  payerAccount: z.string(),
  remark: z.string(),
  bankRef: z.string(),
  status: z.enum(BANK_LINE_STATUSES),
  /** the 预存申请 it was booked as (matched lines) */
  matchedApplyNo: z.string().nullable(),
  matchedAt: z.string().nullable(),
  /** open lines: the best pending 预存申请 for it, if any */
  proposal: bankMatchProposal.nullable(),
});
export type BankLineView = z.infer<typeof bankLineView>;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const bankLineListBody = pageQuery.extend({
  status: z.preprocess(blank, z.enum([...BANK_LINE_STATUSES, 'all'], { error: '[状态]不正确' }).default('open')),
  statement: z.preprocess(blank, rid('对账单').optional()),
});
export type BankLineListBody = z.infer<typeof bankLineListBody>;

/** statement/confirm: book the line as the proposed (or chosen) 预存申请, pinned to the version finance saw. */
export const bankLineConfirmBody = z.object({ line_rid: rid('流水'), rid: rid('预存单号'), version: versionPin });
export type BankLineConfirmBody = z.infer<typeof bankLineConfirmBody>;
