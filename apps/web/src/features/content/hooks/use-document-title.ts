import { useEffect } from 'react';

export const SITE_NAME = '科研检测服务商城';

/** Sets document.title to '<page> - 科研检测服务商城' (the home page uses the site name alone). */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
