import { apiPost } from '../../../lib/api';

/** POST /api/auth/address/del */
export const deleteAddress = (addressRid: string) => apiPost<null>('/api/auth/address/del', { address_rid: addressRid });
