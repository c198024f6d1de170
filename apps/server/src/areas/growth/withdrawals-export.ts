import type { FastifyReply } from 'fastify';
import { labDay, WITHDRAWAL_EXPORT_HEADERS, type AdminWithdrawal, type AdminWithdrawalExportQuery } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { withdrawalsForExport } from './index';
import { sendXlsx, time, workbook, yuan } from '../../platform/xlsx';

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

/** 导出返利提现: the queue's filters, not paged, as finance pays them (xlsx). */
export const exportWithdrawals = async (db: DbOrTx, query: AdminWithdrawalExportQuery, reply: FastifyReply, now: Date) =>
  sendXlsx(reply, await withdrawalsXlsx(await withdrawalsForExport(db, query)), `withdrawals-${fileDay(now)}`, `返利提现-${fileDay(now)}`);
