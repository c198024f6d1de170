import type { Withdrawal } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/promoter_rebate_withdraw/cancel: a pending request is withdrawn; its amount is withdrawable again. */
export const cancelWithdrawal = (rid: string) => apiPost<Withdrawal>('/api/auth/promoter_rebate_withdraw/cancel', { rid });
