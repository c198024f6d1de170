import type { InvoiceApplyAddBody, InvoiceApplyEditBody } from '@lab/contract';
import { funds } from './funds';

/**
 * POST /api/auth/invoiceApply/add, or invoiceApply/edit (pending only) when the body carries rid.
 * The money covered goes as comma-separated lists: confirmed transfer top-ups (prestore_rids),
 * orders paid online (order_nos) and online top-ups (payment_nos).
 */
export const saveInvoiceApplication = (body: InvoiceApplyAddBody | InvoiceApplyEditBody) => {
  const lists = { prestore_rids: body.prestore_rids.join(','), order_nos: body.order_nos.join(','), payment_nos: body.payment_nos.join(',') };
  return 'rid' in body ? funds.invoiceEdit({ ...body, ...lists }) : funds.invoiceAdd({ ...body, ...lists });
};
