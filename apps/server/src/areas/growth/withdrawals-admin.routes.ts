import { calls } from '@lab/contract/calls';
import { labDay, WITHDRAWAL_EXPORT_HEADERS, type AdminWithdrawal } from '@lab/contract';
import { serve } from '../../platform/calls';
import { sendXlsx, time, workbook, yuan } from '../funds';
import { withdrawalsForExport } from './index';

/** The rebate withdrawals as finance exports them (xlsx): the rows of the queue's filters, newest first. */
export function withdrawalsXlsx(list: AdminWithdrawal[]): Promise<Buffer> {
  return workbook(
    '返利提现',
    WITHDRAWAL_EXPORT_HEADERS,
    list.map((w) => [
      time(w.createdAt),
      w.member.name || w.member.nickname,
      w.member.phone,
      yuan(w.amountFen),
      w.methodText,
      w.bank?.accountName ?? '',
      w.bank?.bankName ?? '',
      w.bankAccount ?? '',
      w.statusText,
      time(w.processedAt),
      w.staffName ?? '',
      w.reason ?? '',
    ]),
    { widths: [20, 12, 14, 14, 12, 14, 24, 24, 10, 20, 10, 24], money: [4] },
  );
}

/** the date in export file names: 20260315 */
const fileDay = (now: Date) => labDay(now).replace(/-/g, '');

/** 导出返利提现: a call of the finance menu (contract adminFunds), served by the area whose withdrawals they are. */
export const withdrawalsAdminRoutes = serve(
  { withdrawalExport: calls.adminFunds.withdrawalExport },
  {
    withdrawalExport: {
      config: { readOnly: true },
      handler: async ({ db, query, reply, now }) => sendXlsx(reply, await withdrawalsXlsx(await withdrawalsForExport(db, query)), `withdrawals-${fileDay(now)}`, `返利提现-${fileDay(now)}`),
    },
  },
);
