import { funds } from './funds';

/** POST /api/auth/prestoreApply/cancel — pending only. */
export const cancelPrestore = (rid: string) => funds.prestoreCancel({ rid });
