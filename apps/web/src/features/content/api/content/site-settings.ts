import { useQuery } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../../../../lib/site-contact';

/** POST /api/open/setting: allowRegion, samplingSetting and localInfo (the site's layout asks for it too). */
export const useSiteSettings = () => useQuery(siteSettingsQueryOptions());
