import type { InvoiceApplyAddBody, InvoiceApplyEditBody } from '@lab/contract';
import { funds } from '../../../api/funds';

/** POST /api/auth/invoiceApply/add, or invoiceApply/edit (pending only) when the body carries rid. */
export const saveInvoiceApplication = (body: InvoiceApplyAddBody | InvoiceApplyEditBody) => {
  const prestore_rids = body.prestore_rids.join(',');
  return 'rid' in body ? funds.invoiceEdit({ ...body, prestore_rids }) : funds.invoiceAdd({ ...body, prestore_rids });
};
