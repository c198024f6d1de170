import { funds } from './funds';

/** GET /api/auth/invoiceApply/file?rid= — the e-invoice file, with the token header. */
export const downloadInvoice = (rid: string, invoiceNo: string | null) => funds.invoiceFile({ rid }, `发票-${invoiceNo ?? rid}.pdf`);
