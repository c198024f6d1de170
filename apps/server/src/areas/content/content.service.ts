import { and, count, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type {
  AbilityShowcase,
  ArticleDetail,
  ArticleKind,
  ArticleSummary,
  ContentPage,
  IndexMessageBody,
  IndexMessageResult,
  Page,
  PageKey,
  ServiceCase,
  SiteFigures,
  SyncNumResult,
  ThanksEntry,
} from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { AppError } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { articles, contentPages, thanksEntries } from './content.tables';
import { submitConsultation } from '../messages';
import { bumpContentVersion, cleanHtml, fileUrl, shanghaiDate, withContentChange } from './content-version';
import { readSetting } from './settings.service';

type ArticleRow = typeof articles.$inferSelect;

const articleNotFound = () => new AppError('NOT_FOUND', '文章不存在');
const pageNotFound = () => new AppError('NOT_FOUND', '页面不存在');

function toArticleSummary(row: ArticleRow, fileHost: string): ArticleSummary {
  return {
    rid: row.rid,
    kind: row.kind,
    title: row.title,
    img: fileUrl(fileHost, row.img),
    sketch: row.sketch,
    created: shanghaiDate(row.publishedAt),
    source: row.source,
    views: row.views,
  };
}

export function toServiceCase(row: Pick<ArticleRow, 'rid' | 'title' | 'img' | 'sketch' | 'publishedAt' | 'source'>, fileHost: string): ServiceCase {
  return { rid: row.rid, title: row.title, img: fileUrl(fileHost, row.img), sketch: row.sketch, created: shanghaiDate(row.publishedAt), source: row.source };
}

/** Newest first; the page after the last answers an empty list with the real total. */
export async function listArticles(db: DbOrTx, query: { kind: ArticleKind; page: number; pageSize: number }, fileHost: string): Promise<Page<ArticleSummary>> {
  const where = and(eq(articles.kind, query.kind), eq(articles.visible, true));
  return paginate(
    query,
    (w) => db.select().from(articles).where(where).orderBy(desc(articles.publishedAt), desc(articles.id)).limit(w.limit).offset(w.offset),
    () => db.$count(articles, where),
    (rows) => rows.map((row) => toArticleSummary(row, fileHost)),
  );
}

export async function latestCases(db: DbOrTx, limit: number, fileHost: string): Promise<ServiceCase[]> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.kind, 'service'), eq(articles.visible, true)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map((row) => toServiceCase(row, fileHost));
}

export async function getArticle(db: DbOrTx, rid: string, fileHost: string): Promise<ArticleDetail> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.rid, rid), eq(articles.visible, true)));
  if (!row) throw articleNotFound();
  const sameKind = and(eq(articles.kind, row.kind), eq(articles.visible, true));
  // prev: the one published just before (older); next: just after (newer); ties broken by id
  const [prev] = await db
    .select({ rid: articles.rid, title: articles.title })
    .from(articles)
    .where(and(sameKind, or(lt(articles.publishedAt, row.publishedAt), and(eq(articles.publishedAt, row.publishedAt), lt(articles.id, row.id)))))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(1);
  const [next] = await db
    .select({ rid: articles.rid, title: articles.title })
    .from(articles)
    .where(and(sameKind, or(gt(articles.publishedAt, row.publishedAt), and(eq(articles.publishedAt, row.publishedAt), gt(articles.id, row.id)))))
    .orderBy(articles.publishedAt, articles.id)
    .limit(1);
  return { ...toArticleSummary(row, fileHost), content: row.content, author: row.author, prev: prev ?? null, next: next ?? null };
}

/** ability/sync4num: counts a view (not a content change: the cached home data has no counts of views). */
export async function countArticleView(db: DbOrTx, rid: string): Promise<SyncNumResult> {
  const [row] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(eq(articles.rid, rid), eq(articles.visible, true)))
    .returning({ views: articles.views });
  if (!row) throw articleNotFound();
  return { views: row.views };
}

export interface ArticleInput {
  kind: ArticleKind;
  title: string;
  img: string;
  sketch: string;
  content: string;
  author?: string | null;
  source?: string | null;
  publishedAt?: Date;
  /** hidden articles are kept for the back office only */
  visible?: boolean;
}

/** The back office's (and the seed's) way to publish an article: content cleaned, version bumped. */
export async function createArticle(db: Db, input: ArticleInput): Promise<string> {
  const rid = randomId();
  await withContentChange(db, (tx) =>
    tx.insert(articles).values({
      rid,
      kind: input.kind,
      title: input.title,
      img: input.img,
      sketch: input.sketch,
      content: cleanHtml(input.content),
      author: input.author ?? null,
      source: input.source ?? null,
      ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}),
      ...(input.visible === undefined ? {} : { visible: input.visible }),
    }),
  );
  return rid;
}

// ---- thanks ----

export function toThanksEntry(row: typeof thanksEntries.$inferSelect): ThanksEntry {
  return { company: row.company, title: row.title, code: row.code, content: row.content, sketch: row.sketch, source: row.source };
}

/** Only visible entries: the admin hides an entry without deleting it. */
export async function listThanks(db: DbOrTx, query: { page: number; pageSize: number }): Promise<Page<ThanksEntry>> {
  const where = eq(thanksEntries.visible, true);
  return paginate(
    query,
    (w) => db.select().from(thanksEntries).where(where).orderBy(desc(thanksEntries.publishedAt), desc(thanksEntries.id)).limit(w.limit).offset(w.offset),
    () => db.$count(thanksEntries, where),
    (rows) => rows.map(toThanksEntry),
  );
}

// ---- pages ----

export async function getContentPage(db: DbOrTx, key: PageKey): Promise<ContentPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.key, key));
  if (!row) throw pageNotFound();
  return { key, title: row.title, content: row.content, updated: shanghaiDate(row.updatedAt) };
}

export async function saveContentPage(db: Db, input: { key: PageKey; title: string; content: string }, now = new Date()): Promise<void> {
  const content = cleanHtml(input.content);
  await withContentChange(db, async (tx) => {
    await tx
      .insert(contentPages)
      .values({ key: input.key, title: input.title, content, updatedAt: now })
      .onConflictDoUpdate({ target: contentPages.key, set: { title: input.title, content, updatedAt: now } });
  });
}

// ---- the capability showcase (/televised) ----

interface ShowcaseSetting {
  sections?: { title: string; sketch: string; img: string }[];
}

/**
 * /televised. Its figures are the site's one count (siteFigures) and the catalogue's published
 * items, passed in by the route: no figure here is stored or typed by hand.
 */
export async function getAbilityShowcase(db: DbOrTx, fileHost: string, figures: SiteFigures, publishedItems: number): Promise<AbilityShowcase> {
  const [papers] = await db.select({ n: count() }).from(thanksEntries).where(eq(thanksEntries.visible, true));
  const setting = ((await readSetting(db, 'abilityShowcase')) ?? {}) as ShowcaseSetting;
  return {
    figures: [
      { label: '检测项目', value: publishedItems, unit: '项' },
      { label: '在线仪器', value: figures.instruments, unit: '台套' },
      { label: '已完成订单', value: figures.ordersDone, unit: '单' },
      { label: '注册客户', value: figures.customers, unit: '位' },
      { label: '致谢论文', value: papers?.n ?? 0, unit: '篇' },
      ...(figures.years === null ? [] : [{ label: '服务年限', value: figures.years, unit: '年' }]),
    ],
    sections: (setting.sections ?? []).map((s) => ({ title: s.title, sketch: s.sketch, img: fileUrl(fileHost, s.img) })),
    cases: await latestCases(db, 6, fileHost),
  };
}

// ---- consultations ----

/** 在线咨询: the site's contact form; the question is kept by messages, where sales answer it. */
export const addConsultation = (db: DbOrTx, input: IndexMessageBody, meta: { ip: string; now: Date; askedBy: number | null }): Promise<IndexMessageResult> => submitConsultation(db, input, meta);

// ---- 论文致谢 fed by approved papers (decisions/0065) ----

/** One entry of the public 论文致谢 list from an approved paper; `origin` keeps it to one per paper. */
export interface PaperThanks {
  origin: string;
  company: string;
  title: string;
  code: string;
  content: string;
  sketch: string;
  source: string | null;
}

/**
 * Puts an approved paper on the public 论文致谢 list (growth, in the approval's transaction) and
 * bumps the content version, so the home page's and the list's caches show it. A paper already
 * there is left as it is (an editor may have edited or hidden it).
 */
export async function addPaperThanks(tx: DbOrTx, entry: PaperThanks, now: Date): Promise<void> {
  const [row] = await tx
    .insert(thanksEntries)
    .values({ ...entry, publishedAt: now })
    .onConflictDoNothing({ target: thanksEntries.origin })
    .returning({ id: thanksEntries.id });
  if (row) await bumpContentVersion(tx);
}
