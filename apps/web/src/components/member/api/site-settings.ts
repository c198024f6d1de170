import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@lab/contract';
import { apiPost } from '../../../lib/api';
import { memberKeys } from '../member-keys';

/** POST /api/open/setting: allowRegion, samplingSetting and localInfo. */
export const getSiteSettings = () => apiPost<SiteSettings>('/api/open/setting');

export const siteSettingsQueryOptions = () => queryOptions({ queryKey: memberKeys.settings, queryFn: getSiteSettings, staleTime: 5 * 60_000 });

export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());
