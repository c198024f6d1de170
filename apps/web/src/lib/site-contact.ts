import { useQuery } from '@tanstack/react-query';
import { content } from '../api/content';
import { siteInfo } from './site-info';

/** The same key as the member area's settings query: one request serves both. */
const settingsKey = ['site', 'settings'] as const;

export interface SiteContact {
  address: string;
  phone: string;
  email: string;
  workingHours: string;
}

/**
 * The lab's contact data as staff keep it in 站点设置 (localInfo), so an edit in the back office
 * shows in the header, footer and side bar at once; the built-in values stand in until it
 * answers (and for anything left blank).
 */
export function useSiteContact(): SiteContact {
  const { data } = useQuery({ queryKey: settingsKey, queryFn: () => content.settings(), staleTime: 5 * 60_000 });
  const local = data?.localInfo;
  return {
    address: local?.address || siteInfo.address,
    phone: local?.phone || siteInfo.phone,
    email: local?.email || siteInfo.email,
    workingHours: siteInfo.workingHours,
  };
}

/** tel: links dial digits only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
