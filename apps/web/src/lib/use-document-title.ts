import { useEffect } from 'react';
import { serverTitle } from './server-title';

export const SITE_NAME = '科研检测服务商城';

/** '<page> - 科研检测服务商城'; the site name alone for the home page. */
export const fullTitle = (title: string | null | undefined) => (title ? `${title} - ${SITE_NAME}` : SITE_NAME);

/** Sets document.title to '<page> - 科研检测服务商城' (the home page uses the site name alone). */
export function useDocumentTitle(title: string | null | undefined) {
  const full = fullTitle(title);
  if (import.meta.env.SSR) serverTitle.current = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
