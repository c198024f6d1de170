import { sql } from 'drizzle-orm';
import type { PageKey } from '@lab/contract';
import { auditEntity } from '../../platform/audit';
import { banners, hotAreas, partners } from './content.tables';
import { getAdminCertificate } from './certificates.service';
import { findAdminArticle, findAdminThanks } from './articles-admin.service';
import { getBanner, getHotArea, getPartner, listOrder } from './home-blocks.service';
import { getAdminPage } from './pages-admin.service';
import { readEditableSetting, readSiteIdentity, type EditableSettingKey } from './settings-admin.service';

/**
 * How the site's content reads in the audit log. Snapshots keep what a person compares
 * (stored picture paths, texts, order, visibility), not preview URLs; long rich text is cut
 * so one save of a long article does not bloat the log.
 */

const TEXT_IN_LOG = 5_000;
const cut = (text: string) => (text.length > TEXT_IN_LOG ? `${text.slice(0, TEXT_IN_LOG)}…` : text);
const withoutUrl = <T extends { imgUrl: string }>(value: T | null) => {
  if (!value) return null;
  const { imgUrl: _imgUrl, ...rest } = value;
  return rest;
};

export const bannerAudit = auditEntity<number>('banner', async (db, id) => {
  const banner = await getBanner(db, Number(id), '');
  return banner ? withoutUrl({ ...banner, redirectItem: undefined }) : null;
});

export const hotAreaAudit = auditEntity<number>('hotArea', async (db, id) => withoutUrl(await getHotArea(db, Number(id), '')));

export const partnerLogoAudit = auditEntity<number>('partnerLogo', async (db, id) => withoutUrl(await getPartner(db, Number(id), '')));

/** The key every reorder is logged under: the list's order before and after. */
export const LIST_ORDER_KEY = 'order';
export const bannerOrderAudit = auditEntity('banner', (db) => listOrder(db, banners, sql`coalesce(${banners.title}, '')`));
export const hotAreaOrderAudit = auditEntity('hotArea', (db) => listOrder(db, hotAreas, sql`${hotAreas.name}`));
export const partnerOrderAudit = auditEntity('partnerLogo', (db) => listOrder(db, partners, sql`${partners.name}`));

export const articleAudit = auditEntity<string>('article', async (db, rid) => {
  const article = await findAdminArticle(db, String(rid), '');
  if (!article) return null;
  const { imgUrl: _imgUrl, publishedAt: _publishedAt, content, ...rest } = article;
  return { ...rest, content: cut(content) };
});

export const thanksAudit = auditEntity<number>('thanks', async (db, id) => {
  const entry = await findAdminThanks(db, Number(id));
  if (!entry) return null;
  const { publishedAt: _publishedAt, ...rest } = entry;
  return rest;
});

export const pageAudit = auditEntity<string>('page', async (db, key) => {
  const page = await getAdminPage(db, key as PageKey);
  return page.updatedAt === null ? null : { ...page, content: cut(page.content) };
});

export const settingAudit = auditEntity<EditableSettingKey>('setting', async (db, key) => ({ key, value: await readEditableSetting(db, key) }));

export const identityAudit = auditEntity<'siteIdentity'>('setting', async (db, key) => {
  const { licenceImgUrl: _licenceImgUrl, ...value } = await readSiteIdentity(db, '');
  return { key, value };
});

export const certificateAudit = auditEntity<number>('certificate', async (db, id) => {
  const certificate = await getAdminCertificate(db, Number(id), '', new Date());
  if (!certificate) return null;
  const { imgUrl: _imgUrl, expired: _expired, ...rest } = certificate;
  return rest;
});
