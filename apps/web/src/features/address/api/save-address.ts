import type { AddressAddBody, AddressEntity, AddressEditBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/address/add, or address/edit when the body carries address_rid. */
export const saveAddress = (body: AddressAddBody | AddressEditBody) =>
  apiPost<AddressEntity>('address_rid' in body ? '/api/auth/address/edit' : '/api/auth/address/add', { ...body });
