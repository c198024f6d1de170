import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/settings — allowRegion, samplingSetting and localInfo as the site reads them. */
export const getSettings = () => adminContent.settings();

export const settingsQueryOptions = () => queryOptions({ queryKey: contentKeys.settings, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
