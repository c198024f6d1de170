import { queryOptions, useQuery } from '@tanstack/react-query';
import { addresses } from '../addresses';
import { memberKeys } from '../../../../api/query-keys';

/** Default first; disabled = home pickup not offered there. */
export const addressesQueryOptions = () => queryOptions({ queryKey: memberKeys.addresses, queryFn: () => addresses.list() });

export const useAddresses = () => useQuery(addressesQueryOptions());
