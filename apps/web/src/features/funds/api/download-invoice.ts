import { downloadFile } from '../../../lib/download';

/** GET /api/auth/invoiceApply/file?rid= — the e-invoice file, with the token header. */
export const downloadInvoice = (rid: string, invoiceNo: string | null) => downloadFile('/api/auth/invoiceApply/file', { rid }, `发票-${invoiceNo ?? rid}.pdf`);
