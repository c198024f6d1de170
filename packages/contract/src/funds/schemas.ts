import { z } from 'zod';
import { emptyMessage, optionalText, pageOf, pageQuery, requiredText } from '../common';
import { formatFen } from '../display';
import { communityRef, optionalDate, optionalEnum } from './fields';

/**
 * Money: prepaid funds (预存), transfers between a member and a community they own, the
 * ledger's balance history, coupons, invoice titles and applications, and credit lines.
 * Every amount in a response is integer fen (`…Fen`); amounts a person types arrive as yuan
 * strings ('100.50') and are parsed exactly (never through a float) by `yuanField`.
 * Member calls are POSTs under /api/auth; staff calls under /api/admin/funds (finance).
 */

// ---- amounts ----

/** The largest single amount a form accepts: ¥10,000,000.00 */
export const MAX_AMOUNT_YUAN = 10_000_000;
export const MAX_AMOUNT_FEN = MAX_AMOUNT_YUAN * 100;

/**
 * '100.50' → 10050 exactly. Returns a message instead when the text is not an amount.
 * `signed` allows a leading minus (staff adjustments); zero is always refused.
 * A comma is read only as a thousands separator between groups of three digits ('1,005.50');
 * any other comma is refused, never dropped: '100,5' is a decimal comma or a typo, and reading
 * it as ¥1,005 would book ten times what the person meant. The way formatFen shows money
 * (`-¥1,234.50`) reads back as the same fen.
 */
export function parseYuan(input: string, label = '金额', options: { signed?: boolean; max?: number } = {}): number | string {
  const text = input.trim();
  if (text === '') return emptyMessage(label);
  const match = /^([+-]?)\s*[¥￥]?\s*(\d[\d,，]*)(?:\.(\d*))?$/.exec(text);
  if (!match) return `[${label}]格式不正确`;
  const [, sign, grouped = '0', decimals = ''] = match;
  if (/[,，]/.test(grouped) && !/^[1-9]\d{0,2}([,，]\d{3})+$/.test(grouped)) return `[${label}]格式不正确，逗号只能用作千位分隔符（如 1,005.50）`;
  const whole = grouped.replace(/[,，]/g, '');
  if (decimals.length > 2) return `[${label}]最多保留两位小数`;
  if (whole.length > 12) return `[${label}]不能超过${(options.max ?? MAX_AMOUNT_YUAN).toLocaleString('en-US')}元`;
  const fen = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (fen === 0 || (sign === '-' && !options.signed)) return `[${label}]必须大于0`;
  if (fen > (options.max ?? MAX_AMOUNT_YUAN) * 100) return `[${label}]不能超过${(options.max ?? MAX_AMOUNT_YUAN).toLocaleString('en-US')}元`;
  return sign === '-' ? -fen : fen;
}

/** A yuan amount field ('100.50' or 100.5 from JSON) that becomes integer fen. */
export const yuanField = (label = '金额', options: { signed?: boolean; max?: number } = {}) =>
  z
    .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: emptyMessage(label) }))
    .transform((value, ctx) => {
      const parsed = parseYuan(value, label, options);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    // the OpenAPI document describes the input side: a person's yuan text, not the fen it becomes
    .meta({ description: `${label}：以元为单位的金额文本（如 "100.50"，最多两位小数），服务器精确换算为整数分` });

/** fen → '100.50' (no symbol, no separators), for form fields and exports. */
export const fenToYuan = (fen: number) => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
export { formatFen };
/** a stored file's download (a receipt, an e-invoice) by the application's rid */
export const fileRidQuery = z.object({ rid: requiredText('单号', 40) });

// ---- ledger ----

export const ACCOUNT_KINDS = ['prestore', 'rebate', 'points'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const OWNER_KINDS = ['member', 'community'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];
export const ENTRY_TYPES = [
  'topup',
  'payment',
  'refund',
  'transfer_in',
  'transfer_out',
  'adjustment',
  'bonus',
  // online payment (docs/payments.md): money in from WeChat Pay / Alipay, money back out to the channel
  'online_pay',
  'online_refund',
  // rebate accounts (issue 7): released on completion, held by a withdrawal request, returned when it is refused or cancelled
  'rebate_release',
  'withdraw_hold',
  'withdraw_return',
  'rebate_to_prestore',
  // points accounts
  'points_earn',
  'points_reverse',
  'points_exchange',
  'points_transfer_in',
  'points_transfer_out',
  'points_award',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
/** the entry types of a prepaid-funds (预存款) account: the balance history's type filter */
export const PRESTORE_ENTRY_TYPES = ['topup', 'payment', 'refund', 'transfer_in', 'transfer_out', 'adjustment', 'bonus', 'rebate_to_prestore', 'online_pay', 'online_refund'] as const satisfies readonly EntryType[];
export const entryTypeLabels: Record<EntryType, string> = {
  topup: '预存充值',
  payment: '订单支付',
  refund: '订单退款',
  transfer_in: '转入',
  transfer_out: '转出',
  adjustment: '余额调整',
  bonus: '预存赠送',
  online_pay: '在线支付',
  online_refund: '原路退款',
  rebate_release: '返利解冻',
  withdraw_hold: '提现申请',
  withdraw_return: '提现退回',
  rebate_to_prestore: '返利转入',
  points_earn: '订单积分',
  points_reverse: '退款扣回',
  points_exchange: '积分兑换',
  points_transfer_in: '积分转入',
  points_transfer_out: '积分转出',
  points_award: '奖励积分',
};

export const BALANCE_TOO_LOW_MESSAGE = '预存款余额不足';

/** One line of the balance history (余额明细). */
export const ledgerEntryView = z.object({
  id: z.number(),
  type: z.enum(ENTRY_TYPES),
  typeText: z.string(),
  /** signed: + money in, − money out */
  amountFen: z.number(),
  /** the balance right after this entry */
  balanceAfterFen: z.number(),
  reference: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryView>;

/** prestore/balanceHistory (and the export's query): the member's own account, or a community they own. */
export const balanceHistoryBody = pageQuery.extend({
  community_rid: optionalText('团体编号', 40),
  type: optionalEnum(ENTRY_TYPES, '类型'),
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
});
export type BalanceHistoryBody = z.infer<typeof balanceHistoryBody>;
/** prestore/balanceHistory: a page of the history and the account's balance now */
export const balanceHistoryView = pageOf(ledgerEntryView).extend({ balanceFen: z.number() });
export type BalanceHistory = z.infer<typeof balanceHistoryView>;
export const balanceExportQuery = balanceHistoryBody.extend({
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), z.enum(['xlsx', 'csv'], { error: '[导出格式]不正确' })),
});
export type BalanceExportQuery = z.infer<typeof balanceExportQuery>;
/** the export's columns (Chinese headers, as finance reads them) */
export const BALANCE_EXPORT_HEADERS = ['时间', '类型', '金额(元)', '余额(元)', '业务单号', '备注'] as const;

// ---- asset overview ----

/** asset/init and asset/detail */
export const assetOverviewView = z.object({
  prestoreFen: z.number(),
  communities: z.array(communityRef.extend({ balanceFen: z.number() })),
  couponNum: z.number(),
  /** promotion-partner rebates (a later issue) */
  rebateFrozenFen: z.number(),
  rebateWithdrawableFen: z.number(),
  points: z.number(),
  /** confirmed top-ups not yet covered by an invoice application */
  invoiceableFen: z.number(),
  creditLimitFen: z.number(),
});
export type AssetOverview = z.infer<typeof assetOverviewView>;
/** asset/detail: the overview and the latest ten lines of the balance history */
export const assetDetailView = assetOverviewView.extend({ recent: z.array(ledgerEntryView) });
export type AssetDetail = z.infer<typeof assetDetailView>;
/** asset/all4num — badges of the member centre */
export const assetCountsView = z.object({
  couponNum: z.number(),
  prestorePending: z.number(),
  transferPending: z.number(),
  invoicePending: z.number(),
});
export type AssetCounts = z.infer<typeof assetCountsView>;

/** The money figures web/home/data (the member centre) adds to `MemberHomeData`. */
export const memberFundsFigures = z.object({
  /** the member's own prepaid balance */
  prestoreFen: z.number().int(),
  /** coupons usable now */
  couponNum: z.number().int(),
});
export type MemberFundsFigures = z.infer<typeof memberFundsFigures>;
