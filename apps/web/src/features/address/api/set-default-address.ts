import { apiPost } from '../../../lib/api';

/** POST /api/auth/address/default: one default per member (flag 1). */
export const setDefaultAddress = (addressRid: string) => apiPost<null>('/api/auth/address/default', { address_rid: addressRid });
