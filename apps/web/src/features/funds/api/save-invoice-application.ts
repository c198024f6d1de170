import type { InvoiceApplication, InvoiceApplyAddBody, InvoiceApplyEditBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/invoiceApply/add, or invoiceApply/edit (pending only) when the body carries rid. */
export const saveInvoiceApplication = (body: InvoiceApplyAddBody | InvoiceApplyEditBody) =>
  apiPost<InvoiceApplication>('rid' in body ? '/api/auth/invoiceApply/edit' : '/api/auth/invoiceApply/add', {
    ...body,
    prestore_rids: body.prestore_rids.join(','),
  });
