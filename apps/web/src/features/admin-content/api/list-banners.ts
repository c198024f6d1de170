import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/banner/list — every banner, hidden ones too, in the home page's order. */
export const listBanners = () => adminContent.banners();

export const bannersQueryOptions = () => queryOptions({ queryKey: contentKeys.banners, queryFn: listBanners });

export const useBanners = () => useQuery(bannersQueryOptions());
