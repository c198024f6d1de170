import { funds } from './funds';

/** POST /api/auth/invoice/default */
export const setDefaultInvoiceTitle = (rid: string) => funds.titleDefault({ rid });
