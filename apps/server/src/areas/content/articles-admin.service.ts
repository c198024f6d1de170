import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  AdminArticle,
  AdminArticleDetail,
  AdminArticleListBody,
  AdminThanks,
  AdminThanksListBody,
  ArticleAddBody,
  ArticleEditBody,
  Page,
  ThanksAddBody,
  ThanksEditBody,
} from '@lab/contract';
import { labDay, labInstant } from '@lab/contract/dates';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError, notFound } from '../../platform/errors';
import { articles, thanksEntries } from './content.tables';
import { createArticle } from './content.service';
import { cleanHtml, fileUrl, shanghaiDate, withContentChange } from './content-version';
import { escapeLike } from '../../platform/sql-filters';

/**
 * 新闻·课程·案例 and 论文致谢 in the back office: server-paged tables of every row (hidden
 * ones too), and the edits. Article text is cleaned on write; an article whose text is
 * nothing once cleaned is refused rather than published empty.
 */

/** A change that hit no row is a 404, thrown inside the transaction so nothing is bumped. */
const found = (what: string) => <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
};


/** Whether cleaned rich text shows anything: words or a picture. */
export const hasVisibleText = (html: string) => /<img\s/i.test(html) || html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;

/** The cleaned text, or the form's own message when nothing would be left to read. */
export function cleanRequiredHtml(html: string, label: string): string {
  const cleaned = cleanHtml(html);
  if (!hasVisibleText(cleaned)) throw new AppError('VALIDATION', `[${label}]不能为空`, { status: 400 });
  return cleaned;
}

/**
 * The instant of a day chosen in the form. The day the row already has keeps its instant (an
 * edit does not reshuffle same-day articles); today is now; another day is noon in Shanghai.
 */
export function publishedInstant(day: string | undefined, now: Date, current?: Date): Date {
  if (!day) return current ?? now;
  if (current && labDay(current) === day) return current;
  if (day === labDay(now)) return now;
  return labInstant(day, '12:00');
}

// ---- articles ----

type ArticleRow = typeof articles.$inferSelect;

function toAdminArticle(row: ArticleRow, fileHost: string): AdminArticle {
  return {
    rid: row.rid,
    kind: row.kind,
    title: row.title,
    img: row.img,
    imgUrl: fileUrl(fileHost, row.img),
    sketch: row.sketch,
    author: row.author,
    source: row.source,
    views: row.views,
    visible: row.visible,
    publishedAt: row.publishedAt.toISOString(),
    published: shanghaiDate(row.publishedAt),
  };
}

const toAdminArticleDetail = (row: ArticleRow, fileHost: string): AdminArticleDetail => ({ ...toAdminArticle(row, fileHost), content: row.content });

/** Kind, words of the title and visibility filter in SQL; published date (kind's index) or views sort. */
export async function listAdminArticles(db: DbOrTx, query: AdminArticleListBody, fileHost: string): Promise<Page<AdminArticle>> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(articles.kind, query.kind));
  if (query.visible) filters.push(eq(articles.visible, query.visible === '1'));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(articles.title, like), ilike(articles.sketch, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = query.sort === 'views' ? articles.views : articles.publishedAt;
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(articles).where(where).orderBy(direction(column), direction(articles.id)).limit(w.limit).offset(w.offset),
    () => db.$count(articles, where),
    (rows) => rows.map((row) => toAdminArticle(row, fileHost)),
  );
}

export async function findAdminArticle(db: DbOrTx, rid: string, fileHost: string): Promise<AdminArticleDetail | null> {
  const [row] = await db.select().from(articles).where(eq(articles.rid, rid));
  return row ? toAdminArticleDetail(row, fileHost) : null;
}

export async function getAdminArticle(db: DbOrTx, rid: string, fileHost: string): Promise<AdminArticleDetail> {
  const article = await findAdminArticle(db, rid, fileHost);
  if (!article) throw notFound('文章');
  return article;
}

export async function addAdminArticle(db: Db, input: ArticleAddBody, now: Date, fileHost: string): Promise<AdminArticleDetail> {
  const rid = await createArticle(db, {
    kind: input.kind,
    title: input.title,
    img: input.img,
    sketch: input.sketch ?? '',
    content: cleanRequiredHtml(input.content, '正文'),
    author: input.author ?? null,
    source: input.source ?? null,
    publishedAt: publishedInstant(input.published, now),
    visible: input.visible,
  });
  return getAdminArticle(db, rid, fileHost);
}

export async function editAdminArticle(db: Db, input: ArticleEditBody, now: Date, fileHost: string): Promise<AdminArticleDetail> {
  const content = cleanRequiredHtml(input.content, '正文');
  const row = await withContentChange(db, async (tx) => {
    const [current] = await tx.select({ publishedAt: articles.publishedAt }).from(articles).where(eq(articles.rid, input.rid)).for('update');
    if (!current) throw notFound('文章');
    const [updated] = await tx
      .update(articles)
      .set({
        kind: input.kind,
        title: input.title,
        img: input.img,
        sketch: input.sketch ?? '',
        content,
        author: input.author ?? null,
        source: input.source ?? null,
        publishedAt: publishedInstant(input.published, now, current.publishedAt),
        visible: input.visible,
      })
      .where(eq(articles.rid, input.rid))
      .returning();
    return updated!;
  });
  return toAdminArticleDetail(row, fileHost);
}

export async function setArticleVisible(db: Db, input: { rid: string; visible: boolean }, fileHost: string): Promise<AdminArticle> {
  const row = await withContentChange(db, (tx) => tx.update(articles).set({ visible: input.visible }).where(eq(articles.rid, input.rid)).returning().then(found('文章')));
  return toAdminArticle(row, fileHost);
}

export async function deleteArticle(db: Db, rid: string): Promise<{ rid: string }> {
  const row = await withContentChange(db, (tx) => tx.delete(articles).where(eq(articles.rid, rid)).returning({ rid: articles.rid }).then(found('文章')));
  return row;
}

// ---- thanks entries ----

type ThanksRow = typeof thanksEntries.$inferSelect;

const toAdminThanks = (row: ThanksRow): AdminThanks => ({
  id: row.id,
  company: row.company,
  title: row.title,
  code: row.code,
  content: row.content,
  sketch: row.sketch,
  source: row.source,
  visible: row.visible,
  publishedAt: row.publishedAt.toISOString(),
  published: shanghaiDate(row.publishedAt),
});

export async function listAdminThanks(db: DbOrTx, query: AdminThanksListBody): Promise<Page<AdminThanks>> {
  const filters: SQL[] = [];
  if (query.visible) filters.push(eq(thanksEntries.visible, query.visible === '1'));
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    filters.push(or(ilike(thanksEntries.company, like), ilike(thanksEntries.title, like), ilike(thanksEntries.code, like))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.order === 'ascend' ? asc : desc;
  return paginate(
    query,
    (w) => db.select().from(thanksEntries).where(where).orderBy(direction(thanksEntries.publishedAt), direction(thanksEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(thanksEntries, where),
    (rows) => rows.map(toAdminThanks),
  );
}

export async function findAdminThanks(db: DbOrTx, id: number): Promise<AdminThanks | null> {
  const [row] = await db.select().from(thanksEntries).where(eq(thanksEntries.id, id));
  return row ? toAdminThanks(row) : null;
}

const thanksValues = (input: ThanksAddBody) => ({
  company: input.company,
  title: input.title,
  code: input.code,
  content: input.content,
  sketch: input.sketch ?? '',
  source: input.source ?? null,
  visible: input.visible,
});

export async function addThanks(db: Db, input: ThanksAddBody, now: Date): Promise<AdminThanks> {
  const [row] = await withContentChange(db, (tx) =>
    tx
      .insert(thanksEntries)
      .values({ ...thanksValues(input), publishedAt: publishedInstant(input.published, now) })
      .returning(),
  );
  return toAdminThanks(row!);
}

export async function editThanks(db: Db, input: ThanksEditBody, now: Date): Promise<AdminThanks> {
  const row = await withContentChange(db, async (tx) => {
    const [current] = await tx.select({ publishedAt: thanksEntries.publishedAt }).from(thanksEntries).where(eq(thanksEntries.id, input.id)).for('update');
    if (!current) throw notFound('致谢');
    const [updated] = await tx
      .update(thanksEntries)
      .set({ ...thanksValues(input), publishedAt: publishedInstant(input.published, now, current.publishedAt) })
      .where(eq(thanksEntries.id, input.id))
      .returning();
    return updated!;
  });
  return toAdminThanks(row);
}

export async function setThanksVisible(db: Db, input: { id: number; visible: boolean }): Promise<AdminThanks> {
  const row = await withContentChange(db, (tx) => tx.update(thanksEntries).set({ visible: input.visible }).where(eq(thanksEntries.id, input.id)).returning().then(found('致谢')));
  return toAdminThanks(row);
}

export async function deleteThanks(db: Db, id: number): Promise<{ id: number }> {
  const row = await withContentChange(db, (tx) => tx.delete(thanksEntries).where(eq(thanksEntries.id, id)).returning({ id: thanksEntries.id }).then(found('致谢')));
  return row;
}
