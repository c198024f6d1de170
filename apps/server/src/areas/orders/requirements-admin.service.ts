import { formatFen, type AdminRequirement, type Page, type RequirementStatus } from '@lab/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { memberContacts } from '../accounts';
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
  const [views, byId] = await Promise.all([
    toRequirementViews(db, rows),
    memberContacts(
      db,
      rows.map((r) => r.memberId),
    ),
  ]);
  return views.map((view, i) => {
    const person = byId.get(rows[i]!.memberId);
    return {
      ...view,
      member: { rid: person?.rid ?? '', name: person?.name || person?.nickname || '', phone: person?.phone ?? '', company: person?.company ?? '' },
      quotedBy: rows[i]!.quotedBy,
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

/**
 * demand/quote: sales prices catalogue items for an open (or re-prices a quoted)
 * requirement. Every line must be a published test item with a valid choice for each of
 * its options; the total comes from pricing.ts. The member gets an in-site message in the
 * same transaction and an SMS/e-mail after it commits.
 */
export async function quoteRequirement(
  db: Db,
  deps: NoticeDeps,
  staffId: number,
  body: { rid: string; lines: { rid: string; count: number; options: Record<string, number> }[]; note?: string | undefined },
  now: Date,
): Promise<AdminRequirement> {
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
  const row = await db.transaction(async (tx) => {
    const current = await findRequirement(tx, body.rid, { lock: true });
    if (current.status !== 'open' && current.status !== 'quoted') throw statusError(current, '报价');
    const [updated] = await tx
      .update(requirements)
      .set({
        status: 'quoted',
        quoteLines: quoteLines.map((q) => q.line),
        quoteTotalFen: totalFen,
        quoteNote: body.note ?? '',
        quotedAt: now,
        quotedBy: staffId,
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
    return updated!;
  });
  await afterCommit(deps, () =>
    sendNotice(db, deps, row.memberId, {
      template: 'requirement_quoted',
      params: { title: row.title.slice(0, 20), amount: formatFen(totalFen) },
      subject: '您的测试需求已报价',
      body: `您提交的测试需求「${row.title}」已报价，合计${formatFen(totalFen)}，请登录查看。`,
    }),
  );
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
