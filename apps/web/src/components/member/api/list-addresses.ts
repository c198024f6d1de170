import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressEntity } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../member-keys';

/** POST /api/auth/address/list: default first; disabled = home pickup not offered there. */
export const listAddresses = () => apiPost<AddressEntity[]>('/api/auth/address/list');

export const addressesQueryOptions = () => queryOptions({ queryKey: memberKeys.addresses, queryFn: listAddresses });

export const useAddresses = () => useQuery(addressesQueryOptions());
