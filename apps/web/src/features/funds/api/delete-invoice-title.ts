import { funds } from './funds';

/** POST /api/auth/invoice/del */
export const deleteInvoiceTitle = (rid: string) => funds.titleRemove({ rid });
