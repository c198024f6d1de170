import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { blankToUndefined, queueFilters, statusFilter, withoutPage } from '../funds/admin-fields';
import { withdrawal, withdrawStatuses } from './promotion-schemas';

// ---- 提现审核 (the calls live under /api/admin/growth/withdraw) ----

export const adminWithdrawalListBody = adminTableQuery(['createdAt']).extend({
  status: statusFilter(withdrawStatuses),
  method: z.preprocess(blankToUndefined, z.enum(['bank', 'prestore'], { error: '[提现方式]不正确' }).optional()),
  ...queueFilters,
});
export type AdminWithdrawalListBody = z.infer<typeof adminWithdrawalListBody>;
export const adminWithdrawalExportQuery = adminWithdrawalListBody.omit(withoutPage);
export type AdminWithdrawalExportQuery = z.infer<typeof adminWithdrawalExportQuery>;
export const adminWithdrawal = withdrawal.extend({
  member: z.object({ rid: z.string(), phone: z.string(), name: z.string(), nickname: z.string() }),
  /** the full account number finance pays to (bank only) */
  bankAccount: z.string().nullable(),
  staffName: z.string().nullable(),
  /** what a decision on it pins (versionPin) */
  version: z.number(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const WITHDRAWAL_EXPORT_HEADERS = ['申请时间', '会员', '手机号', '提现金额(元)', '提现方式', '开户名', '开户行', '银行账号', '状态', '处理时间', '处理人', '原因'] as const;
