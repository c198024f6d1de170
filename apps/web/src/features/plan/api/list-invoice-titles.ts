import { queryOptions, useQuery } from '@tanstack/react-query';
import { funds } from '../../../api/funds';
import { memberKeys } from '../../../components/member/member-keys';

/** POST /api/auth/invoice/list: my invoice titles, the default first. */
export const listInvoiceTitles = () => funds.titleList();

export const useInvoiceTitles = () => useQuery(queryOptions({ queryKey: [...memberKeys.all, 'funds', 'titles'], queryFn: listInvoiceTitles }));
