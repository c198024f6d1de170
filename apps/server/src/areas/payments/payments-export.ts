import { ONLINE_PAYMENT_EXPORT_HEADERS, ONLINE_REFUND_EXPORT_HEADERS, type AdminOnlinePayment, type AdminOnlineRefund } from '@lab/contract';
import { time, workbook, yuan } from '../../platform/xlsx';

/** 在线支付-YYYYMMDD.xlsx: the payments list's rows, money in yuan (numbers), times in Shanghai. */
export function paymentsXlsx(list: AdminOnlinePayment[]): Promise<Buffer> {
  return workbook(
    '在线支付',
    ONLINE_PAYMENT_EXPORT_HEADERS,
    list.map((p) => [
      time(p.createdAt),
      p.paymentNo,
      p.member.name,
      p.member.phone,
      p.purposeText,
      p.vendorText,
      p.stateText,
      yuan(p.amountFen),
      yuan(p.balanceFen),
      yuan(p.refundedFen),
      p.tradeNo ?? '',
      p.orderNos.join('、'),
      p.fundsText,
      time(p.paidAt),
      p.note,
    ]),
    { widths: [20, 26, 12, 14, 10, 10, 10, 14, 14, 14, 30, 36, 24, 20, 30], money: [8, 9, 10] },
  );
}

/** 退款记录-YYYYMMDD.xlsx */
export function refundsXlsx(list: AdminOnlineRefund[]): Promise<Buffer> {
  return workbook(
    '退款记录',
    ONLINE_REFUND_EXPORT_HEADERS,
    list.map((r) => [time(r.createdAt), r.refundNo, r.paymentNo, r.member.name, r.member.phone, r.vendorText, r.orderNo ?? '', yuan(r.amountFen), r.stateText, r.refundId ?? '', r.reason, time(r.succeededAt), r.lastError]),
    { widths: [20, 26, 26, 12, 14, 10, 24, 14, 10, 30, 30, 20, 30], money: [8] },
  );
}
