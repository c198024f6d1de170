import type { Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { cleanHtml, shanghaiDate } from './content-version';
import { articles, banners, certificates, contentPages, hotAreas, partners, siteSettings, thanksEntries } from './content.tables';
import { seedArticles, seedBanners, seedCertificates, seedHotAreas, seedPages, seedPartners, seedSettings, seedThanks } from './seed-content';

/** Shanghai noon of a YYYY-MM-DD date. */
const at = (date: string) => new Date(`${date}T12:00:00+08:00`);

/**
 * The demo content (banners, hot areas, partners, articles, thanks, pages, settings,
 * certificates), written in the catalogue seed's transaction (catalog/catalog.seed.ts seeds
 * both once). A banner that links `item:<name>` gets that item's rid from `itemRid`.
 */
export async function seedContent(tx: Tx, itemRid: (name: string) => string | undefined): Promise<void> {
  await tx.insert(banners).values(
    seedBanners.map((b, i) => ({ ...b, redirect: b.redirect?.startsWith('item:') ? (itemRid(b.redirect.slice(5)) ?? null) : b.redirect, sort: i })),
  );
  await tx.insert(hotAreas).values(seedHotAreas.map((a, i) => ({ ...a, sort: i })));
  await tx.insert(partners).values(seedPartners.map((p, i) => ({ ...p, sort: i })));
  await tx.insert(articles).values(
    seedArticles.map((a) => ({
      rid: randomId(),
      kind: a.kind,
      title: a.title,
      img: a.img,
      sketch: a.sketch,
      content: cleanHtml(a.content),
      author: a.author,
      source: a.source ?? null,
      views: 100 + ((a.title.length * 37) % 900),
      publishedAt: at(a.date),
    })),
  );
  await tx.insert(thanksEntries).values(seedThanks.map(({ date, ...t }) => ({ ...t, publishedAt: at(date) })));
  await tx.insert(contentPages).values(seedPages.map((page) => ({ ...page, content: cleanHtml(page.content) })));
  await tx.insert(siteSettings).values(Object.entries(seedSettings).map(([key, value]) => ({ key, value })));
  const today = shanghaiDate(new Date());
  const yearsOn = (years: number) => `${Number(today.slice(0, 4)) + years}${today.slice(4, 10).replace('-02-29', '-02-28')}`;
  await tx.insert(certificates).values(
    seedCertificates.map(({ years, ...c }, i) => ({ ...c, validFrom: yearsOn(-1), validTo: yearsOn(years - 1), sort: i, demo: true })),
  );
}
