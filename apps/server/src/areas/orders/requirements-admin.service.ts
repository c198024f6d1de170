import { formatFen, QUOTE_VALID_DAYS, type AdminRequirement, type ApprovalFiled, type Page, type RequirementStatus } from '@lab/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { memberContact, memberContacts } from '../accounts';
import { gateAction, latestFiled, type Acting } from '../approvals';
import type { DocumentDeps } from './documents/documents.service';
import { requirementQuote } from './documents/quotes.service';
import { postMessage, sendNotice } from '../messages';
import { requirements } from './requirements.tables';
import { choiceKey, itemsByRids, priceLine } from './pricing';
import { findRequirement, page, requirementFileOf, statusError, toRequirementViews, type NoticeDeps, type RequirementRow } from './requirements.service';

/**
 * 测试需求, the sales' side (/api/admin/demand/*): the list with the member, a quote of
 * catalogue items priced by pricing.ts (never by hand), closing with a reason.
 */

export async function adminListRequirements(db: DbOrTx, query: { page: number; pageSize: number; status?: RequirementStatus | undefined }): Promise<Page<AdminRequirement>> {
  return page(db, query.status ? eq(requirements.status, query.status) : undefined, query, (rows) => adminViews(db, rows));
}

async function adminViews(db: DbOrTx, rows: RequirementRow[]): Promise<AdminRequirement[]> {
  const [views, byId, filed] = await Promise.all([
    toRequirementViews(db, rows),
    memberContacts(
      db,
      rows.map((r) => r.memberId),
    ),
    latestFiled(
      db,
      rows.map((r) => quoteApprovalKey(r.rid)),
    ),
  ]);
  return views.map((view, i) => {
    const person = byId.get(rows[i]!.memberId);
    return {
      ...view,
      member: { rid: person?.rid ?? '', name: person?.name || person?.nickname || '', phone: person?.phone ?? '', company: person?.company ?? '' },
      quotedBy: rows[i]!.quotedBy,
      quoteApproval: filed.get(quoteApprovalKey(rows[i]!.rid)) ?? null,
    };
  });
}

export async function adminRequirementFile(db: DbOrTx, rid: string, fileId: string) {
  return requirementFileOf(db, null, rid, fileId);
}

async function afterCommit(deps: NoticeDeps, task: () => Promise<void>) {
  try {
    await task();
  } catch (error) {
    deps.log?.error({ err: error }, 'requirement notice failed');
  }
}

/** The lines of demand/quote as sent (lines parsed from their JSON). */
export interface QuoteBody {
  rid: string;
  lines: { rid: string; count: number; options: Record<string, number> }[];
  note?: string | undefined;
}

/** What seals the 报价单 (documents/quotes.service); null only for the demo seed, which seals no paper (the font may be missing at first start). */
export type QuoteDeps = DocumentDeps | null;

/** One pending request per requirement's quote (approvals' dedupe key); the demand list reads where it stands. */
export const quoteApprovalKey = (requirementRid: string) => `quote.seal:${requirementRid}`;

/**
 * demand/quote: sales prices catalogue items for an open (or re-prices a quoted) requirement and
 * the lab's seal goes on a 报价单 for it. Every line must be a published test item with a valid
 * choice for each of its options; the total comes from pricing.ts. Applying the seal is the sales
 * role's permission up to its 报价盖章 limits (one quote, the person's day and month, the month for
 * this customer: the approval gate); above one of them nothing is quoted, sealed or sent — the
 * quote is filed and the requirement stays 待报价 until a colleague approves it, which books this
 * exact quote through this function (approved-quote.ts). In one transaction: the gate, the
 * requirement quoted, the member's in-site message and the sealed 报价单 (its audit row); the
 * SMS/e-mail goes out after it commits (`notifyQuoted`).
 */
export async function quoteRequirement(db: DbOrTx, deps: QuoteDeps, acting: Acting, body: QuoteBody, now: Date): Promise<{ requirement: RequirementRow; documentNo: string } | ApprovalFiled> {
  const items = await itemsByRids(db, body.lines.map((l) => l.rid));
  const quoteLines = body.lines.map((line) => {
    const item = items.get(line.rid);
    if (!item || !item.published) throw badRequest(`报价项目不存在或已下架：${line.rid}`);
    if (item.reservable || item.typeId === 2) throw badRequest(`「${item.name}」为上门预约项目，请引导客户直接预约机时`);
    return { item, line: { itemId: item.id, count: line.count, choices: line.options }, priced: priceLine(item, line.options, line.count) };
  });
  const merged = new Map<string, (typeof quoteLines)[number]>();
  for (const q of quoteLines) {
    const key = `${q.line.itemId}|${choiceKey(q.line.choices)}`;
    const seen = merged.get(key);
    if (seen) throw badRequest(`报价项目重复：${seen.item.name}`);
    merged.set(key, q);
  }
  const totalFen = quoteLines.reduce((sum, q) => sum + q.priced.amountFen, 0);
  return db.transaction(async (tx) => {
    const current = await findRequirement(tx, body.rid, { lock: true });
    if (current.status !== 'open' && current.status !== 'quoted') throw statusError(current, '报价');
    const member = await memberContact(tx, current.memberId);
    const who = [member?.company, member?.name || member?.nickname, member?.phone].filter(Boolean).join(' ');
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'quote.seal',
        valueFen: totalFen,
        payload: { rid: body.rid, lines: body.lines, ...(body.note ? { note: body.note } : {}) },
        summary: `测试需求「${current.title}」报价 ${quoteLines.length} 个项目（${quoteLines.map((q) => `${q.item.name} × ${q.line.count}`).join('、')}），合计${formatFen(totalFen)}，出具盖章报价单（有效 ${QUOTE_VALID_DAYS} 天）给 ${who}`,
        target: who || current.rid,
        targetKey: `member:${current.memberId}`,
        note: body.note ?? '',
        dedupeKey: quoteApprovalKey(current.rid),
        duplicateMessage: '该需求的报价已提交审批，请等待审批结果（或在「待审批」中撤回后重新报价）',
      },
      now,
    );
    if (filed) return filed;
    const [updated] = await tx
      .update(requirements)
      .set({
        status: 'quoted',
        quoteLines: quoteLines.map((q) => q.line),
        quoteTotalFen: totalFen,
        quoteNote: body.note ?? '',
        quotedAt: now,
        quotedBy: acting.by.id,
        updatedAt: now,
      })
      .where(eq(requirements.id, current.id))
      .returning();
    await postMessage(
      tx,
      current.memberId,
      {
        kind: 'requirement',
        title: '您的测试需求已报价',
        content: `您提交的测试需求「${current.title}」已报价，合计${formatFen(totalFen)}。请在「我的需求」中查看，接受后报价项目将加入实验计划。`,
        link: '/experiment/demand',
      },
      now,
    );
    // the member gets the quote as a sealed 报价单 too, valid 30 days (documents/quotes.service)
    const sealed = deps ? await requirementQuote(tx, deps, updated!, now) : null;
    return { requirement: updated!, documentNo: sealed?.no ?? '' };
  });
}

/** The quote's SMS/e-mail, once it committed. */
export async function notifyQuoted(db: DbOrTx, deps: NoticeDeps, row: RequirementRow): Promise<void> {
  const totalFen = row.quoteTotalFen ?? 0;
  await afterCommit(deps, () =>
    sendNotice(db, deps, row.memberId, {
      template: 'requirement_quoted',
      params: { title: row.title.slice(0, 20), amount: formatFen(totalFen) },
      subject: '您的测试需求已报价',
      body: `您提交的测试需求「${row.title}」已报价，合计${formatFen(totalFen)}，请登录查看。`,
    }),
  );
}

/** A requirement as the back office shows it (after a quote). */
export async function adminRequirementView(db: DbOrTx, row: RequirementRow): Promise<AdminRequirement> {
  return (await adminViews(db, [row]))[0]!;
}

/** demand/close: sales closes an open or quoted requirement with a reason; the member is told. */
export async function closeRequirement(db: Db, deps: NoticeDeps, rid: string, reason: string, now: Date): Promise<AdminRequirement> {
  const row = await db.transaction(async (tx) => {
    const current = await findRequirement(tx, rid, { lock: true });
    if (current.status !== 'open' && current.status !== 'quoted') throw statusError(current, '关闭');
    const [updated] = await tx
      .update(requirements)
      .set({ status: 'closed', closeReason: reason, updatedAt: now })
      .where(eq(requirements.id, current.id))
      .returning();
    await postMessage(
      tx,
      current.memberId,
      { kind: 'requirement', title: '您的测试需求已关闭', content: `您提交的测试需求「${current.title}」已关闭，原因：${reason}`, link: '/experiment/demand' },
      now,
    );
    return updated!;
  });
  await afterCommit(deps, () =>
    sendNotice(db, deps, row.memberId, {
      template: 'requirement_closed',
      params: { title: row.title.slice(0, 20) },
      subject: '您的测试需求已关闭',
      body: `您提交的测试需求「${row.title}」已关闭，原因：${reason}`,
    }),
  );
  return (await adminViews(db, [row]))[0]!;
}
