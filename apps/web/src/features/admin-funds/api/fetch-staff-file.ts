import routes from 'virtual:calls/adminFunds';
import { adminReadFile } from '../../../lib/admin-api';

/** The stored files finance looks at: a transfer receipt, an e-invoice (calls of contract/calls/admin-funds.ts). */
export type StaffFile = 'prestoreReceipt' | 'invoiceFile';

/** GET a stored file with the staff token, as a Blob to show in the page. (The typed client saves files; this one shows them.) */
export const fetchStaffFile = (file: StaffFile, query: Record<string, string>): Promise<Blob> => adminReadFile(routes[file]!.path, query);
