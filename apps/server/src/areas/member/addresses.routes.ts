import { calls } from '@lab/contract/calls';
import { serve } from '../../platform/calls';
import { addAddress, deleteAddress, editAddress, listAddresses, setDefaultAddress } from './addresses.service';

/** 个人中心 → 收货地址: the calls of contract/calls/addresses.ts. */
export const addressRoutes = serve(calls.addresses, {
  list: ({ db, memberId }) => listAddresses(db, memberId),
  add: ({ db, memberId, body, now }) => addAddress(db, memberId, body, now),
  edit: ({ db, memberId, body, now }) => editAddress(db, memberId, body, now),
  remove: async ({ db, memberId, body, now }) => {
    await deleteAddress(db, memberId, body.address_rid, now);
    return null;
  },
  makeDefault: async ({ db, memberId, body, now }) => {
    await setDefaultAddress(db, memberId, body.address_rid, now);
    return null;
  },
});
