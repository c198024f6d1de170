import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteIdentity } from '@lab/contract';
import { content } from '../features/content/api/content';
import { siteInfo } from './site-info';
import { queryCall } from './query-transport';

/**
 * POST /api/open/setting: allowRegion, samplingSetting and localInfo. The site's layout shows
 * the contact from it, so the server-drawn pages' loaders load it too; the member area reads the
 * rest with the same options (one request serves both).
 */
export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['site', 'settings'] as const, queryFn: (context) => content.settings(queryCall(context)), staleTime: 5 * 60_000 });

export interface SiteContact {
  address: string;
  phone: string;
  email: string;
  workingHours: string;
  /** 备案与主体信息 (the footer's filings); undefined until the settings answer */
  identity?: SiteIdentity | undefined;
}

/**
 * The lab's contact data as staff keep it in 站点设置 (localInfo), so an edit in the back office
 * shows in the header, footer and side bar at once; the built-in values stand in until it
 * answers (and for anything left blank).
 */
export function useSiteContact(): SiteContact {
  const { data } = useQuery(siteSettingsQueryOptions());
  const local = data?.localInfo;
  return {
    address: local?.address || siteInfo.address,
    phone: local?.phone || siteInfo.phone,
    email: local?.email || siteInfo.email,
    workingHours: siteInfo.workingHours,
    identity: data?.identity,
  };
}

/** tel: links dial digits only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
