import { points } from './points';

/** POST /api/auth/integration/applyExchange — points and stock in one go; a gift is mailed to address_rid. */
export const applyExchange = (body: { rid: string; address_rid?: string | undefined }) => points.exchange(body);
