import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminContent } from './admin-content';
import { contentKeys } from './keys';

/** POST /api/admin/content/hotArea/list — every hot area, hidden ones too, in the home page's order. */
export const listHotAreas = () => adminContent.hotAreas();

export const hotAreasQueryOptions = () => queryOptions({ queryKey: contentKeys.hotAreas, queryFn: listHotAreas });

export const useHotAreas = () => useQuery(hotAreasQueryOptions());
