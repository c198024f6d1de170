import { useQuery } from '@tanstack/react-query';
import { catalog } from '../../../api/catalog';

/**
 * GET /api/open/web/device/detail?rid — the same call and query key as the detail page, so the
 * calendar reads the item's test options from the cache the page already filled.
 */
export const useItemDetail = (rid: string) =>
  useQuery({
    queryKey: ['catalog', 'device', rid],
    queryFn: ({ signal }) => catalog.detail({ rid }, { signal }),
  });
