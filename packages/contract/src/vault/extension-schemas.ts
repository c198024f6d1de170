import { z } from 'zod';
import { optionalText } from '../common';

/**
 * Paid retention (decisions/0053): the member extends the retention of files — chosen ones, or
 * all kept files of an order (a folder) — by 1, 3 or 5 years, priced per GB-year:
 * ceil(GB) × years × the lab's price (任务设置). It is an order like any other (kind `service`),
 * paid from prestore or online; once paid the retention ends move by the years bought.
 */

/** The years an extension may buy. */
export const VAULT_EXTENSION_YEARS = [1, 3, 5] as const;
/** One GB as the price counts it: 1024³ bytes (as the vault shows sizes). */
export const VAULT_GB_BYTES = 1024 ** 3;
/** The GBs an extension is priced on: the files' total size, rounded up to a whole GB (at least 1). */
export const billedGb = (bytes: number) => Math.max(1, Math.ceil(bytes / VAULT_GB_BYTES));

export const vaultExtendBody = z
  .object({
    /** the files' rids, comma-separated; or */
    rids: optionalText('文件', 2000).transform((value) => [...new Set((value ?? '').split(',').map((rid) => rid.trim()).filter(Boolean))]),
    /** every kept file of this order */
    order_no: optionalText('订单编号', 32),
    years: z.coerce
      .number({ error: '[延长年限]只能是1年、3年或5年' })
      .refine((value): value is (typeof VAULT_EXTENSION_YEARS)[number] => (VAULT_EXTENSION_YEARS as readonly number[]).includes(value), { error: '[延长年限]只能是1年、3年或5年' }),
  })
  .refine((body) => body.rids.length > 0 || body.order_no, { path: ['rids'], error: '请选择要延长保存期的文件或订单' });

export const vaultExtendQuote = z.object({
  files: z.number().int(),
  bytes: z.number().int(),
  gb: z.number().int(),
  years: z.number().int(),
  /** the price of one GB for one year, in fen */
  gbYearFen: z.number().int(),
  totalFen: z.number().int(),
  /** the latest retention end among the files now, and what it becomes once paid */
  retentionEnd: z.string(),
  newRetentionEnd: z.string(),
});
export type VaultExtendQuote = z.infer<typeof vaultExtendQuote>;
export const vaultExtendMade = vaultExtendQuote.extend({ orderNo: z.string() });
