import { Link } from 'react-router';
import { invoiceTypeLabels, type OrderDetail } from '@lab/contract';
import { useOrderInvoices } from '../../funds/api/funds/order-invoices';
import { downloadInvoice } from '../../funds/api/download-invoice';
import { FileDownload } from './file-download';

const WAITING = new Set(['unpaid', 'unsettled', 'approval']);

/**
 * 发票 on the order page: the invoice chosen at checkout and where it stands (decision 0059) —
 * requested by itself once the order is paid online (待开票), issued with its number and file,
 * or, when nothing was requested (paid from the balance, no title or e-mail), where to apply.
 */
export function OrderInvoice({ order }: { order: OrderDetail }) {
  const wanted = order.invoiceType > 0;
  const paid = order.payment === 'paid';
  const invoices = useOrderInvoices(order.orderNo, wanted && paid);
  if (!wanted) return <>不开发票</>;
  const type = invoiceTypeLabels[order.invoiceType] ?? '';
  if (WAITING.has(order.payment)) return <>{type} · 在线支付后自动申请开票</>;
  if (!paid) return <>{type}</>;
  if (invoices.isPending) return <>{type}</>;
  const live = invoices.data?.list.find((a) => a.status === 'pending' || a.status === 'issued');
  if (!live)
    return (
      <span data-testid="ord-invoice-state">
        {type} · 尚未申请 · <Link to="/member/invoiceLs">去申请开票</Link>
      </span>
    );
  return (
    <span data-testid="ord-invoice-state">
      {type} · {live.title.title} · <strong>{live.statusText}</strong>
      {live.invoiceNo ? ` · 发票号 ${live.invoiceNo}` : ''}
      {live.status === 'pending' ? '（财务开具后通知您）' : ''}{' '}
      {live.hasFile ? <FileDownload type="link" label="下载发票" download={() => downloadInvoice(live.rid, live.invoiceNo)} /> : null}
      <Link to="/member/invoiceLs">发票记录</Link>
    </span>
  );
}
