import type { AgreementRule, LocalInfo, SamplingSetting } from '@lab/contract';
import { adminContent } from './admin-content';

/** POST /api/admin/content/settings/allowRegion — an empty list closes home pickup everywhere. */
export const saveAllowRegion = (codes: string[]) => adminContent.saveAllowRegion({ allowRegion: JSON.stringify(codes) });

/** POST /api/admin/content/settings/sampling — lists go as comma-separated text, so an empty list is sent too. */
export const saveSamplingSetting = (value: SamplingSetting) =>
  adminContent.saveSampling({
    ...value,
    disabled_date: value.disabled_date.join(','),
    invalid_disabled_date: value.invalid_disabled_date.join(','),
    disabled_week: value.disabled_week.join(','),
    disabled_date_time: value.disabled_date_time.join(','),
    disabled_time: value.disabled_time ?? '',
  });

/** POST /api/admin/content/settings/localInfo */
export const saveLocalInfo = (value: LocalInfo) => adminContent.saveLocalInfo({ ...value });

/** POST /api/admin/content/settings/agreementRule — the amount in yuan; blank: enterprise customers only. */
export const saveAgreementRule = (value: AgreementRule) => adminContent.saveAgreementRule({ from: value.fromFen === null ? '' : (value.fromFen / 100).toFixed(2) });
