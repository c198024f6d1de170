import { addresses } from '../../../api/addresses';

export const deleteAddress = (addressRid: string) => addresses.remove({ address_rid: addressRid });
