import { apiPost } from '../../../lib/api';

/** POST /api/auth/invoice/default */
export const setDefaultInvoiceTitle = (rid: string) => apiPost<null>('/api/auth/invoice/default', { rid });
