import { funds } from '../../../api/funds';

/** POST /api/auth/prestoreApply/cancel — pending only. */
export const cancelPrestore = (rid: string) => funds.prestoreCancel({ rid });
