import { findRegion, findRegionCodes, type LocalInfo, type SamplingSetting } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { normalizeAllowRegion, normalizeLocalInfo, normalizeSamplingSetting, readSetting, saveSetting } from './settings.service';

/**
 * 站点设置 in the back office. The bodies arrive validated by the contract (formats, slot
 * order); here what needs the data: region codes that exist. Each save writes one key
 * through `saveSetting` (content version bumped), in the shape the public calls read.
 */

export type EditableSettingKey = 'allowRegion' | 'samplingSetting' | 'localInfo';

/** A setting as the site reads it now (normalised), for the screen and the audit log. */
export async function readEditableSetting(db: DbOrTx, key: EditableSettingKey): Promise<string[] | SamplingSetting | LocalInfo> {
  const stored = await readSetting(db, key);
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
