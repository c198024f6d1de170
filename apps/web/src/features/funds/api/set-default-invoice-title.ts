import { funds } from '../../../api/funds';

/** POST /api/auth/invoice/default */
export const setDefaultInvoiceTitle = (rid: string) => funds.titleDefault({ rid });
