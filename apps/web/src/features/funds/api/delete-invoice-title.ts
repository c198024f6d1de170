import { apiPost } from '../../../lib/api';

/** POST /api/auth/invoice/del */
export const deleteInvoiceTitle = (rid: string) => apiPost<null>('/api/auth/invoice/del', { rid });
