import { queryOptions, useQuery } from '@tanstack/react-query';
import { content } from '../content';
import { memberKeys } from '../query-keys';

/** POST /api/open/setting: allowRegion, samplingSetting and localInfo. */
export const getSiteSettings = () => content.settings();

export const siteSettingsQueryOptions = () => queryOptions({ queryKey: memberKeys.settings, queryFn: getSiteSettings, staleTime: 5 * 60_000 });

export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());
