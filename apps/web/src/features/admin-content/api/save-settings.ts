import type { LocalInfo, SamplingSetting } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/content/settings/allowRegion — an empty list closes home pickup everywhere. */
export const saveAllowRegion = (codes: string[]) => adminPost<string[]>('/api/admin/content/settings/allowRegion', { allowRegion: JSON.stringify(codes) });

/** POST /api/admin/content/settings/sampling — lists go as comma-separated text, so an empty list is sent too. */
export const saveSamplingSetting = (value: SamplingSetting) =>
  adminPost<SamplingSetting>('/api/admin/content/settings/sampling', {
    ...value,
    disabled_date: value.disabled_date.join(','),
    invalid_disabled_date: value.invalid_disabled_date.join(','),
    disabled_week: value.disabled_week.join(','),
    disabled_date_time: value.disabled_date_time.join(','),
    disabled_time: value.disabled_time ?? '',
  });

/** POST /api/admin/content/settings/localInfo */
export const saveLocalInfo = (value: LocalInfo) => adminPost<LocalInfo>('/api/admin/content/settings/localInfo', { ...value });
