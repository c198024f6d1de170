import {
  INVOICE_EXPORT_HEADERS,
  LEDGER_EXPORT_HEADERS,
  ownerKindLabels,
  PRESTORE_EXPORT_HEADERS,
  type AdminAccount,
  type AdminInvoice,
  type AdminLedgerEntry,
  type AdminPrestore,
} from '@lab/contract';
import { time, workbook, yuan } from '../../platform/xlsx';

/**
 * The finance exports (xlsx): one sheet, bold Chinese headers, money as numbers in yuan with
 * two decimals (so Excel can sum them), times in Shanghai. Each answers exactly the rows of
 * the table's filters, newest first.
 */

export function prestoresXlsx(list: AdminPrestore[]): Promise<Buffer> {
  return workbook(
    '预存申请',
    PRESTORE_EXPORT_HEADERS,
    list.map((p) => [
      time(p.createdAt),
      p.applyNo,
      p.member.name,
      p.member.phone,
      p.community ? `科研团体：${p.community.name}` : '个人账户',
      p.payer,
      yuan(p.amountFen),
      yuan(p.bonusFen),
      p.statusText,
      time(p.decidedAt),
      p.staffName ?? '',
      p.refuseReason ?? '',
      p.remark,
    ]),
    { widths: [20, 20, 12, 14, 24, 24, 14, 14, 12, 20, 10, 24, 24], money: [7, 8] },
  );
}

/** 待红冲 ¥200.00（订单 KY… 已取消，退款 ¥200.00）; 已红冲 ¥200.00 红字发票 0123 2026-05-20 */
const redLettersText = (reds: AdminInvoice['redLetters']) =>
  reds.map((r) => (r.status === 'needed' ? `${r.statusText} ${yuan(r.amountFen)}元（${r.reason}）` : `${r.statusText} ${yuan(r.amountFen)}元 红字发票 ${r.redInvoiceNo ?? ''} ${r.redIssuedOn ?? ''}`)).join('；');

export function invoicesXlsx(list: AdminInvoice[]): Promise<Buffer> {
  return workbook(
    '开票申请',
    INVOICE_EXPORT_HEADERS,
    list.map((i) => [
      time(i.createdAt),
      i.member.name,
      i.member.phone,
      i.typeText,
      i.title.title,
      i.title.tax_no ?? '',
      yuan(i.amountFen),
      i.statusText,
      i.invoiceNo ?? '',
      i.issuedOn ?? '',
      i.email ?? '',
      i.receiverAddress ? `${i.receiver ?? ''} ${i.receiverPhone ?? ''} ${i.receiverAddress}` : '',
      i.staffName ?? '',
      i.rejectReason ?? '',
      redLettersText(i.redLetters),
    ]),
    { widths: [20, 12, 14, 22, 30, 24, 14, 10, 22, 12, 26, 40, 10, 24, 40], money: [7] },
  );
}

export function ledgerXlsx(account: AdminAccount, entries: AdminLedgerEntry[]): Promise<Buffer> {
  const owner = account.ownerKind === 'member' ? `${account.ownerName}（${account.phone ?? ''}）` : `${account.ownerName}（负责人 ${account.communityOwner?.name ?? ''} ${account.phone ?? ''}）`;
  return workbook(
    '资金明细',
    LEDGER_EXPORT_HEADERS,
    entries.map((e) => [time(e.createdAt), e.typeText, yuan(e.amountFen), yuan(e.balanceAfterFen), e.reference, e.note, e.actorName ?? (e.actorKind === 'member' ? '会员本人' : '系统')]),
    { widths: [20, 12, 14, 14, 36, 30, 12], money: [3, 4], caption: `${ownerKindLabels[account.ownerKind]}：${owner}` },
  );
}
