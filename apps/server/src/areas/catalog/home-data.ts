import { asc, desc, eq } from 'drizzle-orm';
import type { HomeData } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { fileUrl, homeContent } from '../content';
import { listTypeGroups } from './catalog.service';
import { serviceItems } from './catalog.tables';

/** GET /api/open/web/index, built from the database (the cache in content-cache.ts sits in front). */
export async function buildHomeData(db: DbOrTx, fileHost: string): Promise<HomeData> {
  const typeArr = await listTypeGroups(db, undefined, fileHost);
  const hotRows = await db
    .select({ rid: serviceItems.rid, name: serviceItems.name, img: serviceItems.img, sketch: serviceItems.sketch, order: serviceItems.orderCount })
    .from(serviceItems)
    .where(eq(serviceItems.published, true))
    .orderBy(desc(serviceItems.hot), desc(serviceItems.orderCount), asc(serviceItems.id))
    .limit(8);
  const content = await homeContent(db, fileHost);
  return {
    bannerArr: content.bannerArr,
    typeArr,
    prefectureNavBottomArr: content.prefectureNavBottomArr,
    hotItems: hotRows.map((h) => ({ ...h, img: fileUrl(fileHost, h.img) })),
    serviceCaseArr: content.serviceCaseArr,
    thanksArr: content.thanksArr,
    partnerArr: content.partnerArr,
  };
}
