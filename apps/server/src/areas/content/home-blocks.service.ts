import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  bannerLinkKind,
  type AdminBanner,
  type AdminHotArea,
  type AdminPartner,
  type BannerAddBody,
  type BannerEditBody,
  type HotAreaAddBody,
  type HotAreaEditBody,
  type PartnerAddBody,
  type PartnerEditBody,
} from '@lab/contract';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { banners, hotAreas, partners } from './content.tables';
import { linkedItemNames } from './banner-links';
import { fileUrl, withContentChange } from './content-version';

/**
 * The ordered blocks of the home page the admin edits: 轮播图 banners, 热门专区 hot areas and
 * 合作机构 partner logos. Each is a short list (tens of rows) shown by `sort`, then id; every
 * change runs through `withContentChange` so the cached home data goes stale at once.
 */

type OrderedTable = typeof banners | typeof hotAreas | typeof partners;

/** The position after the last one: a new block without a sort goes to the end. */
async function nextSort(tx: Tx, table: OrderedTable): Promise<number> {
  const [row] = await queryRows<{ next: number }>(tx, sql`select coalesce(max(${table.sort}), -1) + 1 as next from ${table}`);
  return Math.min(9999, Number(row?.next ?? 0));
}

/**
 * Puts a whole list in the order given. The ids must be exactly the list's rows (locked), so
 * a block added or deleted by someone else meanwhile is not silently left out of the order.
 */
async function reorder(db: Db, table: OrderedTable, ids: number[]): Promise<void> {
  await withContentChange(db, async (tx) => {
    const rows = await queryRows<{ id: number }>(tx, sql`select ${table.id} as id from ${table} for update`);
    const existing = new Set(rows.map((row) => Number(row.id)));
    if (existing.size !== ids.length || ids.some((id) => !existing.has(id))) throw conflict('列表已被修改，请刷新后重新排序');
    const positions = sql.join(
      ids.map((id, position) => sql`when ${id}::int then ${position}::int`),
      sql` `,
    );
    await tx.execute(sql`update ${table} set sort = case ${table.id} ${positions} end`);
  });
}

/** Single-row changes answer 404 when the row is gone; the guard is the UPDATE/DELETE itself. */
const found = <T>(what: string) => (rows: T[]): T => {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
};

// ---- banners ----

type BannerRow = typeof banners.$inferSelect;

async function bannerItems(db: DbOrTx, rows: Pick<BannerRow, 'redirect'>[]): Promise<Map<string, string>> {
  const rids = [...new Set(rows.map((row) => row.redirect?.trim() ?? '').filter((value) => bannerLinkKind(value) === 'item'))];
  return linkedItemNames(db, rids);
}

function toAdminBanner(row: BannerRow, fileHost: string, items: Map<string, string>): AdminBanner {
  const redirect = row.redirect?.trim() || null;
  const itemName = redirect ? items.get(redirect) : undefined;
  return {
    id: row.id,
    img: row.img,
    imgUrl: fileUrl(fileHost, row.img),
    redirect,
    redirectItem: redirect && itemName !== undefined ? { rid: redirect, name: itemName } : null,
    title: row.title || null,
    description: row.description || null,
    sort: row.sort,
    visible: row.visible,
  };
}

/** Every banner, hidden ones too, in the order the home page shows them. */
export async function listBanners(db: DbOrTx, fileHost: string): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  const items = await bannerItems(db, rows);
  return rows.map((row) => toAdminBanner(row, fileHost, items));
}

export async function getBanner(db: DbOrTx, id: number, fileHost: string): Promise<AdminBanner | null> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row ? toAdminBanner(row, fileHost, await bannerItems(db, [row])) : null;
}

/** A link that is not an http(s) address names a service item: it must exist, or the banner leads to a 404. */
async function assertBannerLink(db: DbOrTx, redirect: string | undefined) {
  if (!redirect || bannerLinkKind(redirect) !== 'item') return;
  if (!(await linkedItemNames(db, [redirect])).has(redirect)) throw new AppError('VALIDATION', `[链接]服务项目“${redirect}”不存在，请填写项目编号或 http(s) 网址`, { status: 400 });
}

const bannerValues = (input: BannerAddBody) => ({
  img: input.img,
  redirect: input.redirect ?? null,
  title: input.title ?? null,
  description: input.description ?? null,
  visible: input.visible,
});

export async function addBanner(db: Db, input: BannerAddBody, fileHost: string): Promise<AdminBanner> {
  await assertBannerLink(db, input.redirect);
  const row = await withContentChange(db, async (tx) =>
    tx
      .insert(banners)
      .values({ ...bannerValues(input), sort: input.sort ?? (await nextSort(tx, banners)) })
      .returning()
      .then(found<BannerRow>('轮播图')),
  );
  return toAdminBanner(row, fileHost, await bannerItems(db, [row]));
}

export async function editBanner(db: Db, input: BannerEditBody, fileHost: string): Promise<AdminBanner> {
  await assertBannerLink(db, input.redirect);
  const row = await withContentChange(db, (tx) =>
    tx
      .update(banners)
      .set({ ...bannerValues(input), ...(input.sort === undefined ? {} : { sort: input.sort }) })
      .where(eq(banners.id, input.id))
      .returning()
      .then(found<BannerRow>('轮播图')),
  );
  return toAdminBanner(row, fileHost, await bannerItems(db, [row]));
}

export async function setBannerVisible(db: Db, input: { id: number; visible: boolean }, fileHost: string): Promise<AdminBanner> {
  const row = await withContentChange(db, (tx) =>
    tx.update(banners).set({ visible: input.visible }).where(eq(banners.id, input.id)).returning().then(found<BannerRow>('轮播图')),
  );
  return toAdminBanner(row, fileHost, await bannerItems(db, [row]));
}

export async function deleteBanner(db: Db, id: number): Promise<{ id: number }> {
  return withContentChange(db, (tx) => tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id }).then(found('轮播图')));
}

export const reorderBanners = (db: Db, ids: number[]) => reorder(db, banners, ids);

// ---- hot areas ----

type HotAreaRow = typeof hotAreas.$inferSelect;

const toAdminHotArea = (row: HotAreaRow, fileHost: string): AdminHotArea => ({
  id: row.id,
  name: row.name,
  img: row.img,
  imgUrl: fileUrl(fileHost, row.img),
  sketch: row.sketch,
  title: row.title,
  typeId: row.typeId,
  sort: row.sort,
  visible: row.visible,
});

export async function listHotAreas(db: DbOrTx, fileHost: string): Promise<AdminHotArea[]> {
  const rows = await db.select().from(hotAreas).orderBy(asc(hotAreas.sort), asc(hotAreas.id));
  return rows.map((row) => toAdminHotArea(row, fileHost));
}

export async function getHotArea(db: DbOrTx, id: number, fileHost: string): Promise<AdminHotArea | null> {
  const [row] = await db.select().from(hotAreas).where(eq(hotAreas.id, id));
  return row ? toAdminHotArea(row, fileHost) : null;
}

const hotAreaValues = (input: HotAreaAddBody) => ({
  name: input.name,
  img: input.img,
  sketch: input.sketch ?? '',
  title: input.title,
  typeId: input.typeId,
  visible: input.visible,
});

export async function addHotArea(db: Db, input: HotAreaAddBody, fileHost: string): Promise<AdminHotArea> {
  const row = await withContentChange(db, async (tx) =>
    tx
      .insert(hotAreas)
      .values({ ...hotAreaValues(input), sort: input.sort ?? (await nextSort(tx, hotAreas)) })
      .returning()
      .then(found<HotAreaRow>('热门专区')),
  );
  return toAdminHotArea(row, fileHost);
}

export async function editHotArea(db: Db, input: HotAreaEditBody, fileHost: string): Promise<AdminHotArea> {
  const row = await withContentChange(db, (tx) =>
    tx
      .update(hotAreas)
      .set({ ...hotAreaValues(input), ...(input.sort === undefined ? {} : { sort: input.sort }) })
      .where(eq(hotAreas.id, input.id))
      .returning()
      .then(found<HotAreaRow>('热门专区')),
  );
  return toAdminHotArea(row, fileHost);
}

export async function setHotAreaVisible(db: Db, input: { id: number; visible: boolean }, fileHost: string): Promise<AdminHotArea> {
  const row = await withContentChange(db, (tx) =>
    tx.update(hotAreas).set({ visible: input.visible }).where(eq(hotAreas.id, input.id)).returning().then(found<HotAreaRow>('热门专区')),
  );
  return toAdminHotArea(row, fileHost);
}

export async function deleteHotArea(db: Db, id: number): Promise<{ id: number }> {
  return withContentChange(db, (tx) => tx.delete(hotAreas).where(eq(hotAreas.id, id)).returning({ id: hotAreas.id }).then(found('热门专区')));
}

export const reorderHotAreas = (db: Db, ids: number[]) => reorder(db, hotAreas, ids);

// ---- partner logos ----

type PartnerRow = typeof partners.$inferSelect;

const toAdminPartner = (row: PartnerRow, fileHost: string): AdminPartner => ({
  id: row.id,
  name: row.name,
  img: row.img,
  imgUrl: fileUrl(fileHost, row.img),
  sort: row.sort,
  visible: row.visible,
});

export async function listPartners(db: DbOrTx, fileHost: string): Promise<AdminPartner[]> {
  const rows = await db.select().from(partners).orderBy(asc(partners.sort), asc(partners.id));
  return rows.map((row) => toAdminPartner(row, fileHost));
}

export async function getPartner(db: DbOrTx, id: number, fileHost: string): Promise<AdminPartner | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row ? toAdminPartner(row, fileHost) : null;
}

export async function addPartner(db: Db, input: PartnerAddBody, fileHost: string): Promise<AdminPartner> {
  const row = await withContentChange(db, async (tx) =>
    tx
      .insert(partners)
      .values({ name: input.name, img: input.img, visible: input.visible, sort: input.sort ?? (await nextSort(tx, partners)) })
      .returning()
      .then(found<PartnerRow>('合作机构')),
  );
  return toAdminPartner(row, fileHost);
}

export async function editPartner(db: Db, input: PartnerEditBody, fileHost: string): Promise<AdminPartner> {
  const row = await withContentChange(db, (tx) =>
    tx
      .update(partners)
      .set({ name: input.name, img: input.img, visible: input.visible, ...(input.sort === undefined ? {} : { sort: input.sort }) })
      .where(eq(partners.id, input.id))
      .returning()
      .then(found<PartnerRow>('合作机构')),
  );
  return toAdminPartner(row, fileHost);
}

export async function setPartnerVisible(db: Db, input: { id: number; visible: boolean }, fileHost: string): Promise<AdminPartner> {
  const row = await withContentChange(db, (tx) =>
    tx.update(partners).set({ visible: input.visible }).where(eq(partners.id, input.id)).returning().then(found<PartnerRow>('合作机构')),
  );
  return toAdminPartner(row, fileHost);
}

export async function deletePartner(db: Db, id: number): Promise<{ id: number }> {
  return withContentChange(db, (tx) => tx.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id }).then(found('合作机构')));
}

export const reorderPartners = (db: Db, ids: number[]) => reorder(db, partners, ids);

/** For the audit log: the order of a list as id → position. */
export async function listOrder(db: DbOrTx, table: OrderedTable, label: SQL): Promise<{ id: number; name: string; sort: number }[]> {
  return queryRows<{ id: number; name: string; sort: number }>(db, sql`select ${table.id} as id, ${label} as name, ${table.sort} as sort from ${table} order by ${table.sort}, ${table.id}`);
}
