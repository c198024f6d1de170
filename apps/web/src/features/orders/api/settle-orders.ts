import { payment } from '../../payments/api/payment';

/** Settle the chosen orders from my funds or a community I own. */
export const settleOrders = (orderNos: string[], communityRid: string | null) =>
  payment.settle({ order_nos: orderNos.join(','), ...(communityRid ? { community_rid: communityRid } : {}) });
