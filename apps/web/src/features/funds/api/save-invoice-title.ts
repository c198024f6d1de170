import type { InvoiceTitle, InvoiceTitleAddBody, InvoiceTitleEditBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/invoice/add, or invoice/edit when the body carries rid. */
export const saveInvoiceTitle = (body: InvoiceTitleAddBody | InvoiceTitleEditBody) =>
  apiPost<InvoiceTitle>('rid' in body ? '/api/auth/invoice/edit' : '/api/auth/invoice/add', { ...body });
