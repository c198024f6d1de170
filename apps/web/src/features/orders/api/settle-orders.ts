import type { SettlementList } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/assign/settlementOperatePlus: settle the chosen orders from my funds or a community I own. */
export const settleOrders = (orderNos: string[], communityRid: string | null) =>
  apiPost<SettlementList>('/api/auth/assign/settlementOperatePlus', { order_nos: orderNos.join(','), ...(communityRid ? { community_rid: communityRid } : {}) });
