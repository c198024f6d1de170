import { funds } from './funds';

/** POST /api/auth/transferApply/cancel — pending only. */
export const cancelTransfer = (rid: string) => funds.transferCancel({ rid });
