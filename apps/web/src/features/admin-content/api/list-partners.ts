import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/partner/list — every partner logo, hidden ones too, in the strip's order. */
export const listPartners = () => adminContent.partners();

export const partnersQueryOptions = () => queryOptions({ queryKey: contentKeys.partners, queryFn: listPartners });

export const usePartners = () => useQuery(partnersQueryOptions());
