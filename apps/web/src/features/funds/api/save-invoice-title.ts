import type { InvoiceTitleAddBody, InvoiceTitleEditBody } from '@lab/contract';
import { funds } from './funds';

/** POST /api/auth/invoice/add, or invoice/edit when the body carries rid. */
export const saveInvoiceTitle = (body: InvoiceTitleAddBody | InvoiceTitleEditBody) =>
  'rid' in body ? funds.titleEdit(body) : funds.titleAdd(body);
