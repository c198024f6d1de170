import { addresses } from './addresses';

/** One default per member (flag 1). */
export const setDefaultAddress = (addressRid: string) => addresses.makeDefault({ address_rid: addressRid });
