import { downloadFile } from '../../../lib/download';

/** GET /api/auth/contract/download?rid=: the lab's contract file, or an order's agreement as printable HTML. */
export const downloadContract = (rid: string, title: string) => downloadFile('/api/auth/contract/download', { rid }, title);
