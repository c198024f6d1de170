import { eq, inArray } from 'drizzle-orm';
import { policeRecordCode, type AgreementRule, type LocalInfo, type SamplingSetting, type SettingKey, type SettingValues, type SiteIdentity, type SiteSettings, type StoredSiteIdentity } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { siteSettings } from './content.tables';
import { fileUrl, withContentChange } from './content-version';

/** The keys stored in site_settings (samplingInfo is an alias, not a row). */
export const storedSettingKeys = ['allowRegion', 'samplingSetting', 'localInfo', 'abilityShowcase', 'siteIdentity', 'agreementRule'] as const;
export type StoredSettingKey = (typeof storedSettingKeys)[number];

/** A list the back office may have saved as a JSON array, a JSON string of one, or "a,b,c". */
function readList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return readList(JSON.parse(text) as unknown);
    } catch {
      return [];
    }
  }
  return text.split(/[,，\s]+/).map((v) => v.trim()).filter(Boolean);
}

/** allowRegion: 6-digit region codes, unique, in the order saved; anything else is dropped. */
export function normalizeAllowRegion(value: unknown): string[] {
  return [...new Set(readList(value).filter((code) => /^\d{6}$/.test(code)))];
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value) as unknown);
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

export const defaultSamplingSetting: SamplingSetting = {
  disabled_date: [],
  disabled_date_time: [],
  disabled_time: null,
  disabled_week: [0],
  invalid_disabled_date: [],
  sampling_time1: '09:00',
  sampling_time2: '11:00',
  sampling_time3: '14:00',
  sampling_time4: '16:00',
  WxTip1: '',
};

export function normalizeSamplingSetting(value: unknown): SamplingSetting {
  const raw = asObject(value);
  const d = defaultSamplingSetting;
  const disabledTime = text(raw.disabled_time).trim();
  return {
    disabled_date: readList(raw.disabled_date).filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v)),
    disabled_date_time: Array.isArray(raw.disabled_date_time)
      ? raw.disabled_date_time.map((v) => String(v).trim()).filter(Boolean)
      : text(raw.disabled_date_time).split(/[,，]/).map((v) => v.trim()).filter(Boolean),
    disabled_time: disabledTime || null,
    disabled_week: raw.disabled_week === undefined ? d.disabled_week : [...new Set(readList(raw.disabled_week).map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= 6))],
    invalid_disabled_date: readList(raw.invalid_disabled_date).filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v)),
    sampling_time1: text(raw.sampling_time1, d.sampling_time1),
    sampling_time2: text(raw.sampling_time2, d.sampling_time2),
    sampling_time3: text(raw.sampling_time3, d.sampling_time3),
    sampling_time4: text(raw.sampling_time4, d.sampling_time4),
    WxTip1: text(raw.WxTip1),
  };
}

export function normalizeLocalInfo(value: unknown): LocalInfo {
  const raw = asObject(value);
  return { address: text(raw.address), phone: text(raw.phone), email: text(raw.email), express: text(raw.express) };
}

/** 委托协议签署要求 (decisions/0057): none saved, enterprise customers only. */
export function normalizeAgreementRule(value: unknown): AgreementRule {
  const from = Number(asObject(value).fromFen);
  return { fromFen: asObject(value).fromFen !== null && Number.isSafeInteger(from) && from >= 0 ? from : null };
}

/** 备案与主体信息 as stored (the licence as its path); blank parts are ''. */
export function normalizeStoredIdentity(value: unknown): StoredSiteIdentity {
  const raw = asObject(value);
  const founded = Number(raw.founded);
  return {
    icp: text(raw.icp).trim(),
    police: text(raw.police).trim(),
    company: text(raw.company).trim(),
    licenceImg: text(raw.licenceImg).trim(),
    founded: Number.isInteger(founded) && founded >= 1900 && founded <= 2100 ? founded : null,
    qrOfficial: text(raw.qrOfficial).trim(),
    qrConsult: text(raw.qrConsult).trim(),
    qrMiniapp: text(raw.qrMiniapp).trim(),
  };
}

/** As the public pages read it: the licence picture as a full address. */
export function publicIdentity(value: unknown, fileHost: string): SiteIdentity {
  const stored = normalizeStoredIdentity(value);
  const url = (path: string) => (path ? fileUrl(fileHost, path) : '');
  return {
    ...stored,
    policeCode: policeRecordCode(stored.police),
    licenceImg: url(stored.licenceImg),
    qrOfficial: url(stored.qrOfficial),
    qrConsult: url(stored.qrConsult),
    qrMiniapp: url(stored.qrMiniapp),
  };
}

async function readStored(db: DbOrTx, keys: readonly StoredSettingKey[]): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** POST /api/open/setting */
export async function getSiteSettings(db: DbOrTx, fileHost = ''): Promise<SiteSettings> {
  const stored = await readStored(db, ['allowRegion', 'samplingSetting', 'localInfo', 'siteIdentity', 'agreementRule']);
  return {
    allowRegion: normalizeAllowRegion(stored.get('allowRegion')),
    samplingSetting: normalizeSamplingSetting(stored.get('samplingSetting')),
    localInfo: normalizeLocalInfo(stored.get('localInfo')),
    identity: publicIdentity(stored.get('siteIdentity'), fileHost),
    agreementRule: normalizeAgreementRule(stored.get('agreementRule')),
  };
}

/** POST /api/open/setting/list4key: only the keys asked for. */
export async function getSettingValues(db: DbOrTx, keys: readonly SettingKey[]): Promise<SettingValues> {
  const wanted = new Set<StoredSettingKey>(keys.map((key) => (key === 'samplingInfo' ? 'samplingSetting' : key)));
  const stored = await readStored(db, [...wanted]);
  const out: SettingValues = {};
  for (const key of keys) {
    if (key === 'allowRegion') out.allowRegion = normalizeAllowRegion(stored.get('allowRegion'));
    else if (key === 'localInfo') out.localInfo = normalizeLocalInfo(stored.get('localInfo'));
    else out[key] = normalizeSamplingSetting(stored.get('samplingSetting'));
  }
  return out;
}

export async function readSetting(db: DbOrTx, key: StoredSettingKey): Promise<unknown> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  return row?.value;
}

/** The back office's save (and the seed's): one key, bumping the content version. */
export async function saveSetting(db: Db, key: StoredSettingKey, value: unknown, now = new Date()): Promise<void> {
  await withContentChange(db, async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
  });
}
