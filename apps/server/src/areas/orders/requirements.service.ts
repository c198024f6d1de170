import path from 'node:path';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { labDay, requirementStatusLabels, type AdminRequirement, type Page, type QuoteLine, type Requirement, type RequirementAddBody, type RequirementStatus } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { paginate, type PageQuery } from '../../db/paginate';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { type NoticeChannels } from '../messages';
import { requirements } from './requirements.tables';
import { addLineToPlan } from './plan.service';
import { latestRequirementQuote } from './documents/quotes.service';
import { itemsByIds, tryPriceLine, type PricedItem } from './pricing';

/**
 * 测试需求 (/require, /experiment/demand). A member posts what they want tested, with up to
 * five attachments; sales answers with a quote of catalogue items (priced by pricing.ts,
 * never by hand), and the member accepts it — the quoted lines go into their plan — or
 * withdraws the requirement. Staff may close one with a reason.
 */
export type RequirementRow = typeof requirements.$inferSelect;
export type RequirementFile = RequirementRow['files'][number];

export const REQUIREMENT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const REQUIREMENT_MAX_FILES = 5;
export const REQUIREMENT_FILE_TYPES = ['pdf', 'png', 'jpg', 'zip'] as const;

/** What staff see besides the member's view: who asked, and why it was closed (contract: AdminRequirement). */
export type { AdminRequirement };

export interface NoticeDeps extends NoticeChannels {
  log?: { error: (obj: unknown, msg?: string) => void };
}

export const statusError = (row: Pick<RequirementRow, 'status'>, verb: string) =>
  new AppError('REQUIREMENT_STATE', `需求当前为「${requirementStatusLabels[row.status]}」，不能${verb}`, { status: 409 });

/** A client file name made safe to show and to send back: no folders, no control or quote characters, at most 100 characters. */
export function displayFileName(raw: string | null | undefined, fallback = '附件'): string {
  const base = path.basename(String(raw ?? '').replaceAll('\\', '/'));
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>:|?*/\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return fallback;
  if (cleaned.length <= 100) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, 100 - ext.length) + ext;
}

/** The display name without its extension (sendFile adds the stored file's real one). */
export const downloadBaseName = (name: string) => {
  const ext = path.extname(name);
  const base = ext ? name.slice(0, -ext.length) : name;
  return base || '附件';
};

// ---- views ----

function quoteOf(row: RequirementRow, items: Map<number, PricedItem>): Requirement['quote'] {
  if (!row.quoteLines || !row.quotedAt) return null;
  const lines: QuoteLine[] = row.quoteLines.map((line) => {
    const item = items.get(line.itemId);
    const priced = item && item.published ? tryPriceLine(item, line.choices, line.count) : null;
    return {
      rid: item?.rid ?? '',
      name: item ? (priced ? item.name : `${item.name}（已变更，请联系客户经理）`) : '项目已下架',
      count: line.count,
      options: priced?.options ?? [],
      unitPriceFen: priced?.unitPriceFen ?? 0,
      amountFen: priced?.amountFen ?? 0,
    };
  });
  return {
    lines,
    totalFen: lines.reduce((sum, l) => sum + l.amountFen, 0),
    note: row.quoteNote ?? '',
    quotedAt: row.quotedAt.toISOString(),
  };
}

export async function toRequirementViews(db: DbOrTx, rows: RequirementRow[]): Promise<(Requirement & { closeReason: string | null })[]> {
  const items = await itemsByIds(db, rows.flatMap((r) => (r.quoteLines ?? []).map((l) => l.itemId)));
  return rows.map((row) => ({
    rid: row.rid,
    title: row.title,
    content: row.content,
    samples: row.samples,
    budget: row.budget,
    deadline: row.deadline,
    contact: row.contact,
    phone: row.phone,
    status: row.status,
    statusText: requirementStatusLabels[row.status],
    files: row.files.map((f) => ({ id: f.id, name: f.name })),
    quote: quoteOf(row, items),
    closeReason: row.closeReason,
    createdAt: row.createdAt.toISOString(),
  }));
}

const one = async (db: DbOrTx, row: RequirementRow) => (await toRequirementViews(db, [row]))[0]!;

/** The member's own requirement; another member's rid reads exactly like an unknown one. */
export async function findOwnRequirement(db: DbOrTx, memberId: number, rid: string, options: { lock?: boolean } = {}): Promise<RequirementRow> {
  const query = db
    .select()
    .from(requirements)
    .where(and(eq(requirements.rid, rid), eq(requirements.memberId, memberId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('需求');
  return row;
}

export async function findRequirement(db: DbOrTx, rid: string, options: { lock?: boolean } = {}): Promise<RequirementRow> {
  const query = db.select().from(requirements).where(eq(requirements.rid, rid)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('需求');
  return row;
}

// ---- member ----

/** demand/add */
export async function addRequirement(db: DbOrTx, memberId: number, body: RequirementAddBody, now: Date): Promise<Requirement> {
  const [row] = await db
    .insert(requirements)
    .values({
      rid: randomId(),
      memberId,
      title: body.title,
      content: body.content,
      samples: body.samples,
      budget: body.budget ?? '',
      deadline: body.deadline ?? null,
      contact: body.contact,
      phone: body.phone,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return one(db, row!);
}

/** demand/list: the member's requirements, newest first. */
export async function listRequirements(db: DbOrTx, memberId: number, query: { page: number; pageSize: number; status?: RequirementStatus | undefined }): Promise<Page<Requirement>> {
  const where = and(eq(requirements.memberId, memberId), query.status ? eq(requirements.status, query.status) : undefined);
  return page(db, where, query, (rows) => toRequirementViews(db, rows));
}

/** A page of requirements, newest first. */
export function page<Item>(db: DbOrTx, where: SQL | undefined, query: PageQuery, toItems: (rows: RequirementRow[]) => Promise<Item[]>) {
  return paginate(
    query,
    (w) => db.select().from(requirements).where(where).orderBy(desc(requirements.createdAt), desc(requirements.id)).limit(w.limit).offset(w.offset),
    () => db.$count(requirements, where),
    toItems,
  );
}

export async function getRequirement(db: DbOrTx, memberId: number, rid: string): Promise<Requirement> {
  return one(db, await findOwnRequirement(db, memberId, rid));
}

/**
 * demand/file: one more attachment (while the requirement is open or quoted, at most five).
 * The file is already stored under a server-chosen name; the row is locked so two uploads
 * cannot both take the fifth place. When the attachment is refused the stored file is removed.
 */
export async function attachRequirementFile(
  db: Db,
  memberId: number,
  rid: string,
  stored: { name: string; type: string; size: number },
  clientName: string | null,
  now: Date,
): Promise<Requirement> {
  const row = await db.transaction(async (tx) => {
    const current = await findOwnRequirement(tx, memberId, rid, { lock: true });
    if (current.status !== 'open' && current.status !== 'quoted') throw statusError(current, '上传附件');
    if (current.files.length >= REQUIREMENT_MAX_FILES) throw badRequest(`每个需求最多上传${REQUIREMENT_MAX_FILES}个附件`);
    const ext = path.extname(stored.name);
    let name = displayFileName(clientName, `附件${current.files.length + 1}${ext}`);
    if (path.extname(name).toLowerCase() !== ext) name = `${downloadBaseName(name)}${ext}`;
    const file: RequirementFile = { id: randomId(), name, storedName: stored.name, type: stored.type, size: stored.size };
    const [updated] = await tx
      .update(requirements)
      .set({ files: [...current.files, file], updatedAt: now })
      .where(eq(requirements.id, current.id))
      .returning();
    return updated!;
  });
  return one(db, row);
}

/** An attachment of the member's own requirement (for the download). */
export async function requirementFileOf(db: DbOrTx, memberId: number | null, rid: string, fileId: string): Promise<RequirementFile> {
  const row = memberId === null ? await findRequirement(db, rid) : await findOwnRequirement(db, memberId, rid);
  const file = row.files.find((f) => f.id === fileId);
  if (!file) throw notFound('附件');
  return file;
}

/** demand/cancel: the member withdraws an open or quoted requirement. */
export async function cancelRequirement(db: Db, memberId: number, rid: string, now: Date): Promise<Requirement> {
  const row = await db.transaction(async (tx) => {
    const current = await findOwnRequirement(tx, memberId, rid, { lock: true });
    if (current.status !== 'open' && current.status !== 'quoted') throw statusError(current, '撤回');
    const [updated] = await tx.update(requirements).set({ status: 'cancelled', updatedAt: now }).where(eq(requirements.id, current.id)).returning();
    return updated!;
  });
  return one(db, row);
}

/**
 * demand/accept: the quoted lines go into the member's plan (merging with lines of the same
 * item and options), priced from the catalogue when the plan is read. Only once: the row is
 * locked and must be 'quoted', so a second accept — even a concurrent one — is refused.
 */
export async function acceptQuote(db: Db, memberId: number, rid: string, now: Date): Promise<Requirement> {
  const row = await db.transaction(async (tx) => {
    const current = await findOwnRequirement(tx, memberId, rid, { lock: true });
    if (current.status === 'accepted') throw conflict('该报价已接受，请勿重复操作');
    if (current.status !== 'quoted' || !current.quoteLines) throw statusError(current, '接受报价');
    // the sealed 报价单 holds its prices 30 days; after that the member asks for a new quote
    const sealed = await latestRequirementQuote(tx, current.id);
    if (sealed?.expiresAt && sealed.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('QUOTE_EXPIRED', `报价单 ${sealed.no} 已于 ${labDay(sealed.expiresAt)} 过期，请联系客户经理重新报价`, { status: 409 });
    }
    const items = await itemsByIds(tx, current.quoteLines.map((l) => l.itemId));
    for (const line of current.quoteLines) {
      const item = items.get(line.itemId);
      if (!item || !item.published || !tryPriceLine(item, line.choices, line.count)) {
        throw new AppError('QUOTE_STALE', '报价中的项目已变更，请联系客户经理重新报价', { status: 409 });
      }
    }
    for (const line of current.quoteLines) {
      await addLineToPlan(tx, memberId, { itemId: line.itemId, choices: line.choices, count: line.count, note: `需求「${current.title}」报价`.slice(0, 500) }, now);
    }
    const [updated] = await tx.update(requirements).set({ status: 'accepted', updatedAt: now }).where(eq(requirements.id, current.id)).returning();
    return updated!;
  });
  return one(db, row);
}
