import { eq, inArray } from 'drizzle-orm';
import { contentPageLabels, pageKeys, type AdminContentPage, type AdminPageSummary, type PageKey, type PageSaveBody } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { contentPages } from './content.tables';
import { cleanRequiredHtml } from './articles-admin.service';
import { saveContentPage } from './content.service';

/**
 * 关于与静态页: the seven pages the site shows (about: profile, culture, recruit; contact,
 * guide, license, policy). A page never written reads as its menu name with no text, so
 * the admin can write it the first time from the same screen.
 */

const textLength = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length;

export async function listAdminPages(db: DbOrTx): Promise<AdminPageSummary[]> {
  const rows = await db.select().from(contentPages).where(inArray(contentPages.key, [...pageKeys]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return pageKeys.map((key) => {
    const row = byKey.get(key);
    return { key, title: row?.title ?? contentPageLabels[key], updatedAt: row?.updatedAt.toISOString() ?? null, textLength: row ? textLength(row.content) : 0 };
  });
}

export async function getAdminPage(db: DbOrTx, key: PageKey): Promise<AdminContentPage> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.key, key));
  if (!row) return { key, title: contentPageLabels[key], content: '', updatedAt: null };
  return { key, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

export async function saveAdminPage(db: Db, input: PageSaveBody, now: Date): Promise<AdminContentPage> {
  await saveContentPage(db, { key: input.key, title: input.title, content: cleanRequiredHtml(input.content, '正文') }, now);
  return getAdminPage(db, input.key);
}
