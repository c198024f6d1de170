import { funds } from './funds';

/** POST /api/auth/creditApply/operate — apply (limit in yuan, reason, contact) or cancel (rid). */
export const operateCredit = (body: { action: 'apply'; limit: string; reason: string; contact?: string } | { action: 'cancel'; rid: string }) =>
  funds.creditOperate(body);
