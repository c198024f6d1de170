import type { AddressAddBody, AddressEditBody } from '@lab/contract';
import { addresses } from './addresses';

/** A new address, or the edit of one when the body carries address_rid. */
export const saveAddress = (body: AddressAddBody | AddressEditBody) => ('address_rid' in body ? addresses.edit(body) : addresses.add(body));
