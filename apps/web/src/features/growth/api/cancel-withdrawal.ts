import { promotion } from './promotion';

/** POST /api/auth/promoter_rebate_withdraw/cancel: a pending request is withdrawn; its amount is withdrawable again. */
export const cancelWithdrawal = (rid: string) => promotion.cancelWithdrawal({ rid });
