import { asc, desc, eq } from 'drizzle-orm';
import type { HomeData } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { latestCases, toThanksEntry } from './content.service';
import { fileUrl } from './content-version';
import { banners, hotAreas, partners, thanksEntries } from './content.tables';

/** The home page's content blocks; the catalogue adds its groups and hot items (catalog/home-data.ts). */
export type HomeContent = Pick<HomeData, 'bannerArr' | 'prefectureNavBottomArr' | 'serviceCaseArr' | 'thanksArr' | 'partnerArr'>;

/** The visible banners, hot areas, latest cases, thanks and partners, in the order the home page shows them. */
export async function homeContent(db: DbOrTx, fileHost: string): Promise<HomeContent> {
  const bannerRows = await db.select().from(banners).where(eq(banners.visible, true)).orderBy(asc(banners.sort), asc(banners.id));
  const areaRows = await db.select().from(hotAreas).where(eq(hotAreas.visible, true)).orderBy(asc(hotAreas.sort), asc(hotAreas.id));
  const thanksRows = await db.select().from(thanksEntries).where(eq(thanksEntries.visible, true)).orderBy(desc(thanksEntries.publishedAt), desc(thanksEntries.id)).limit(5);
  const partnerRows = await db.select().from(partners).where(eq(partners.visible, true)).orderBy(asc(partners.sort), asc(partners.id));
  return {
    bannerArr: bannerRows.map((b) => ({ img: fileUrl(fileHost, b.img), redirect: b.redirect || null, title: b.title || null, description: b.description || null })),
    prefectureNavBottomArr: areaRows.map((a) => ({ id: a.id, name: a.name, img: fileUrl(fileHost, a.img), sketch: a.sketch, title: a.title, typeId: a.typeId })),
    serviceCaseArr: await latestCases(db, 6, fileHost),
    thanksArr: thanksRows.map(toThanksEntry),
    partnerArr: partnerRows.map((p) => ({ name: p.name, img: fileUrl(fileHost, p.img) })),
  };
}
