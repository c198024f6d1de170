import { addresses } from './addresses';

export const deleteAddress = (addressRid: string) => addresses.remove({ address_rid: addressRid });
