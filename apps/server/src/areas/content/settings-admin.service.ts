import { findRegion, findRegionCodes, type AdminSiteIdentity, type AgreementRule, type LocalInfo, type SamplingSetting, type StoredSiteIdentity } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { fileUrl } from './content-version';
import { normalizeAgreementRule, normalizeAllowRegion, normalizeStoredIdentity, normalizeLocalInfo, normalizeSamplingSetting, readSetting, saveSetting } from './settings.service';

/**
 * 站点设置 in the back office. The bodies arrive validated by the contract (formats, slot
 * order); here what needs the data: region codes that exist. Each save writes one key
 * through `saveSetting` (content version bumped), in the shape the public calls read.
 */

export type EditableSettingKey = 'allowRegion' | 'samplingSetting' | 'localInfo' | 'agreementRule';

/** A setting as the site reads it now (normalised), for the screen and the audit log. */
export async function readEditableSetting(db: DbOrTx, key: EditableSettingKey): Promise<string[] | SamplingSetting | LocalInfo | AgreementRule> {
  const stored = await readSetting(db, key);
  if (key === 'agreementRule') return normalizeAgreementRule(stored);
  if (key === 'allowRegion') return normalizeAllowRegion(stored);
  if (key === 'samplingSetting') return normalizeSamplingSetting(stored);
  return normalizeLocalInfo(stored);
}

/**
 * Known codes only, each once, and none already covered by a larger region in the list
 * (310000 makes 310100 redundant): what is saved is exactly what the picker shows.
 */
export function tidyRegionCodes(codes: readonly string[]): string[] {
  const unknown = codes.find((code) => !findRegion(code));
  if (unknown) throw new AppError('VALIDATION', `[开放地区]包含未知的地区编码${unknown}`, { status: 400 });
  const listed = new Set(codes);
  return [...listed].filter((code) => !findRegionCodes(code).slice(0, -1).some((parent) => listed.has(parent)));
}

export async function saveAllowRegion(db: Db, codes: readonly string[], now: Date): Promise<string[]> {
  const tidy = tidyRegionCodes(codes);
  await saveSetting(db, 'allowRegion', tidy, now);
  return tidy;
}

export async function saveSamplingSetting(db: Db, value: SamplingSetting, now: Date): Promise<SamplingSetting> {
  await saveSetting(db, 'samplingSetting', value, now);
  return normalizeSamplingSetting(value);
}

export async function saveLocalInfo(db: Db, value: LocalInfo, now: Date): Promise<LocalInfo> {
  await saveSetting(db, 'localInfo', value, now);
  return value;
}

export async function saveAgreementRule(db: Db, value: AgreementRule, now: Date): Promise<AgreementRule> {
  await saveSetting(db, 'agreementRule', value, now);
  return normalizeAgreementRule(value);
}

/** 备案与主体信息 for the back office: stored paths and the address to show the licence. */
export async function readSiteIdentity(db: DbOrTx, fileHost: string): Promise<AdminSiteIdentity> {
  const stored = normalizeStoredIdentity(await readSetting(db, 'siteIdentity'));
  return { ...stored, licenceImgUrl: stored.licenceImg ? fileUrl(fileHost, stored.licenceImg) : '' };
}

/** Saved whole (a blank part clears it); the content version is bumped, so cached pages redraw their footer. */
export async function saveSiteIdentity(db: Db, value: StoredSiteIdentity, now: Date, fileHost: string): Promise<AdminSiteIdentity> {
  await saveSetting(db, 'siteIdentity', value, now);
  return readSiteIdentity(db, fileHost);
}
