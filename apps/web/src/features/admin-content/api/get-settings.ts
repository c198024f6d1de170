import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { contentKeys } from './keys';

/** POST /api/admin/content/settings — allowRegion, samplingSetting and localInfo as the site reads them. */
export const getSettings = () => adminPost<SiteSettings>('/api/admin/content/settings');

export const settingsQueryOptions = () => queryOptions({ queryKey: contentKeys.settings, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
