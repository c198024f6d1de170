import { sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';

/**
 * Content versioning. Any change to the catalogue or the site's content runs through
 * `withContentChange`, which bumps the single `content_version` counter in the same
 * transaction. Caches (the home data) are keyed by that counter and check it with one
 * primary-key read per request, so a change made by any server instance is seen by all of
 * them on their next request, and a rolled-back change never invalidates anything.
 */
export async function getContentVersion(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ version: number }>(db, sql`select version from content_version where id = 1`);
  return Number(rows[0]?.version ?? 0);
}

/**
 * Bumps the content version inside the caller's transaction. withContentChange does it for
 * content edits; a change elsewhere that alters what the public pages state (an order completed
 * changes the count of orders done, siteFigures) calls it itself.
 */
export async function bumpContentVersion(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ version: number }>(
    db,
    sql`insert into content_version (id, version) values (1, 1)
        on conflict (id) do update set version = content_version.version + 1
        returning version`,
  );
  return Number(rows[0]?.version ?? 0);
}

/** Runs a content edit in a transaction that also bumps the content version. */
export async function withContentChange<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await bumpContentVersion(tx);
    return result;
  });
}

/** Rich text written by staff is cleaned on write: no scripts, styles, handlers or foreign frames. */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** An image column holds a path under /upload/img; the file host (default: this server) goes in front. */
export const fileUrl = (fileHost: string, stored: string) => (/^https?:\/\//.test(stored) ? stored : `${fileHost}${stored}`);

/** YYYY-MM-DD in Asia/Shanghai (UTC+8, no daylight saving). */
export const shanghaiDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
