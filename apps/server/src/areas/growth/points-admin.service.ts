import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  emptyMessage,
  THANKS_AFFILIATION_HIDDEN,
  type AdminExchangeItem,
  type AdminExchangeItemEditBody,
  type AdminExchangeRecord,
  type AdminPointsApplication,
  type ApprovalFiled,
  type ExchangeRecord,
  type Page,
  type PointsApplication,
} from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { badRequest, conflict, decisionChanged, notFound } from '../../platform/errors';
import { memberContact, memberContacts } from '../accounts';
import { creditAccount, findCouponTemplate } from '../funds';
import { approvedNote, gateAction, type Acting } from '../approvals';
import { postMessage } from '../messages';
import { orderNosOf, orderSamplesByNo } from '../orders';
import { addPaperThanks, getSiteSettings } from '../content';
import { exchangeItems, pointsApplications, pointsExchanges } from './growth.tables';
import {
  applicationStatusLabels,
  applicationView,
  defaultItemImage,
  exchangeStatusLabels,
  pageOf,
  pointsAccount,
  staffActor,
  POINTS_LINK,
  type AdminExchangeItemBody,
  type AdminPointsDecisionBody,
  type ApplicationRow,
  type ItemRow,
  type PageInput,
} from './points.service';
import { exchangeView, itemView } from './points-exchange.service';

/** Points (积分) for staff: acknowledgement applications, the exchange catalogue, shipping (points.service.ts has the member's side). */

export type { AdminPointsApplication, AdminExchangeItem, AdminExchangeRecord };

/** Staff: applications (pending first when no status is asked for), with the applicant. */
export async function adminListApplications(db: DbOrTx, query: PageInput & { status?: PointsApplication['status'] | undefined }): Promise<Page<AdminPointsApplication>> {
  const where = query.status ? eq(pointsApplications.status, query.status) : undefined;
  return pageOf(
    db
      .select()
      .from(pointsApplications)
      .where(where)
      .orderBy(sql`case when ${pointsApplications.status} = 'pending' then 0 else 1 end`, desc(pointsApplications.createdAt), desc(pointsApplications.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(pointsApplications).where(where),
    query,
    async (rows) => {
      const applicants = await memberContacts(db, rows.map((a) => a.memberId));
      const cited = await orderNosOf(db, rows.flatMap((a) => (a.orderId === null ? [] : [a.orderId])));
      return rows.flatMap((a) => {
        const m = applicants.get(a.memberId);
        if (!m) return [];
        return [{ ...applicationView(a), publishedOn: a.publishedOn, member: { rid: m.rid, name: m.name || m.nickname, phone: m.phone }, decidedAt: a.decidedAt?.toISOString() ?? null, version: a.version, citedOrderNo: a.orderId === null ? null : (cited.get(a.orderId) ?? null) }];
      });
    },
  );
}

/** The pending application, locked, as the staff member saw it (its version) — or why not. */
async function lockPending(tx: Tx, input: { rid: string; version: number }): Promise<ApplicationRow> {
  const [row] = await tx.select().from(pointsApplications).where(eq(pointsApplications.rid, input.rid)).for('update');
  if (!row) throw notFound('积分申请');
  if (row.status !== 'pending') throw conflict(`该申请${applicationStatusLabels[row.status]}，不能再处理`);
  if (row.version !== input.version) throw decisionChanged();
  return row;
}

/**
 * Staff: approve with the points awarded (points_award, reference points-apply:<rid>) and tell
 * the member. Points are value: the award is measured (in points) against the maker's points
 * limits — one award, their day and month, the month for this member; above one of them it is
 * filed, and a second person books this application at this version with these points.
 */
export async function approveApplication(db: DbOrTx, acting: Acting, input: AdminPointsDecisionBody, now: Date): Promise<PointsApplication | ApprovalFiled> {
  const points = input.points;
  if (points === undefined) throw badRequest(emptyMessage('奖励积分'));
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const member = await memberContact(tx, row.memberId);
    const filed = await gateAction(
      tx,
      acting,
      {
        action: 'points.award',
        valueFen: points,
        payload: { rid: row.rid, version: row.version, points, ...(input.reason ? { reason: input.reason } : {}) },
        summary: `论文「${row.title}」${row.journal ? `（${row.journal}）` : ''}致谢奖励 ${points} 积分给 ${member?.name || member?.nickname || ''} ${member?.phone ?? ''}`,
        target: member?.phone ?? row.rid,
        targetKey: `member:${row.memberId}`,
        note: input.reason ?? '',
        dedupeKey: `points.award:${row.rid}`,
        duplicateMessage: '该论文致谢奖励已提交审批，请等待审批结果',
      },
      now,
    );
    if (filed) return filed;
    const account = await pointsAccount(tx, row.memberId);
    await creditAccount(tx, account.id, points, 'points_award', `points-apply:${row.rid}`, staffActor(acting.by.id), now, `论文致谢奖励：${row.title}${approvedNote(acting)}`);
    const [updated] = await tx
      .update(pointsApplications)
      .set({ status: 'approved', points, reason: input.reason ?? null, decidedBy: acting.by.id, decidedAt: now })
      .where(and(eq(pointsApplications.id, row.id), eq(pointsApplications.status, 'pending')))
      .returning();
    const shown = await showOnThanksList(tx, row, now);
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分申请已通过', content: `您的论文「${row.title}」致谢奖励申请已通过，获得${points}积分。${shown ? '论文已按您同意的方式展示在网站「论文致谢」栏目。' : ''}`, link: POINTS_LINK },
      now,
    );
    return applicationView(updated!);
  });
}

/**
 * A paper approved with a 引用代码 feeds the public 论文致谢 list (issue 32), with what its member
 * agreed to show (thanks_consent): the paper — title, journal and year, DOI link, the tests of the
 * order the code names, the acknowledgement as printed (or a sentence naming the tests and the
 * code) — and the affiliation only when agreed to. In the approval's transaction; one entry per
 * paper. Answers whether it was shown.
 */
async function showOnThanksList(tx: Tx, row: ApplicationRow, now: Date): Promise<boolean> {
  if (row.orderId === null || row.citationCode === null || row.thanksConsent === 'none') return false;
  const orderNo = (await orderNosOf(tx, [row.orderId])).get(row.orderId);
  if (!orderNo) return false;
  const [order, site] = await Promise.all([orderSamplesByNo(tx, orderNo), getSiteSettings(tx)]);
  const lab = site.identity.company || '本实验室';
  const year = row.publishedOn ? `, ${row.publishedOn.slice(0, 4)}` : '';
  await addPaperThanks(
    tx,
    {
      origin: `paper:${row.rid}`,
      company: row.thanksConsent === 'paper_affiliation' && row.affiliation ? row.affiliation : THANKS_AFFILIATION_HIDDEN,
      title: order.title,
      code: `${row.journal}${year}`,
      content: row.acknowledgement || `感谢${lab}提供${order.title}测试服务（引用代码 ${row.citationCode}）。`,
      sketch: row.title,
      source: row.doi ? `https://doi.org/${row.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')}` : null,
    },
    now,
  );
  return true;
}

/** Staff: refuse with a reason, and tell the member. */
export async function refuseApplication(db: DbOrTx, staffId: number, input: AdminPointsDecisionBody, now: Date): Promise<PointsApplication> {
  const reason = input.reason;
  if (!reason) throw badRequest(emptyMessage('原因'));
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, input);
    const [updated] = await tx
      .update(pointsApplications)
      .set({ status: 'refused', reason, decidedBy: staffId, decidedAt: now })
      .where(and(eq(pointsApplications.id, row.id), eq(pointsApplications.status, 'pending')))
      .returning();
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分申请未通过', content: `您的论文「${row.title}」致谢奖励申请未通过，原因：${reason}。`, link: POINTS_LINK },
      now,
    );
    return applicationView(updated!);
  });
}

// ---- staff: catalogue and shipping ----

function adminItemView(row: ItemRow, templateRid: string | null): AdminExchangeItem {
  const { available: _available, ...view } = itemView(row, 0);
  void _available;
  return { ...view, couponTemplateRid: templateRid, totalStock: row.stock, exchangedCount: row.exchangedCount, active: row.active === 1, sort: row.sort };
}

const templateRidOf = (templates: Map<number, { rid: string }>, item: ItemRow) => (item.couponTemplateId === null ? null : (templates.get(item.couponTemplateId)?.rid ?? null));

/** Staff: every item of the catalogue (active first), with what was exchanged. */
export async function adminListItems(db: DbOrTx): Promise<AdminExchangeItem[]> {
  const rows = await db.select().from(exchangeItems).orderBy(desc(exchangeItems.active), asc(exchangeItems.sort), asc(exchangeItems.id));
  const templateRids = await findCouponTemplate(db, { ids: rows.map((item) => item.couponTemplateId) });
  return rows.map((item) => adminItemView(item, templateRidOf(templateRids, item)));
}

/** Staff: a new item; a coupon item names an active coupon template. */
export async function addExchangeItem(db: DbOrTx, input: AdminExchangeItemBody & { img?: string; sort?: number }, now: Date): Promise<AdminExchangeItem> {
  let template: { id: number; rid: string } | undefined;
  if (input.kind === 'coupon') {
    if (!input.coupon_template_rid) throw badRequest(emptyMessage('优惠券模板'));
    template = (await findCouponTemplate(db, { rid: input.coupon_template_rid }, { active: true })) ?? undefined;
    if (!template) throw notFound('优惠券模板');
  }
  const [row] = await db
    .insert(exchangeItems)
    .values({
      rid: randomId(),
      name: input.name,
      kind: input.kind,
      couponTemplateId: template?.id ?? null,
      description: input.description ?? '',
      img: input.img ?? defaultItemImage(input.kind),
      points: input.points,
      stock: input.stock ?? null,
      sort: input.sort ?? 0,
      createdAt: now,
    })
    .returning();
  return adminItemView(row!, template?.rid ?? null);
}

/** The catalogue item by rid for staff, with its coupon template's rid. */
async function adminItem(db: DbOrTx, itemId: number): Promise<AdminExchangeItem> {
  const [item] = await db.select().from(exchangeItems).where(eq(exchangeItems.id, itemId)).limit(1);
  if (!item) throw notFound('兑换商品');
  return adminItemView(item, templateRidOf(await findCouponTemplate(db, { ids: [item.couponTemplateId] }), item));
}

/**
 * Staff: edit an item's name, text, picture, points, stock and order (its kind and coupon
 * template stay). The total stock may not drop below what members already exchanged: checked
 * in the same guarded UPDATE that racing exchanges increment, so neither can slip past the other.
 */
export async function editExchangeItem(db: DbOrTx, input: AdminExchangeItemEditBody): Promise<AdminExchangeItem> {
  const [found] = await db.select({ id: exchangeItems.id, kind: exchangeItems.kind }).from(exchangeItems).where(eq(exchangeItems.rid, input.rid)).limit(1);
  if (!found) throw notFound('兑换商品');
  const stock = input.stock ?? null;
  const [updated] = await db
    .update(exchangeItems)
    .set({
      name: input.name,
      description: input.description ?? '',
      img: input.img ?? defaultItemImage(found.kind),
      points: input.points,
      stock,
      ...(input.sort === undefined ? {} : { sort: input.sort }),
    })
    .where(and(eq(exchangeItems.id, found.id), stock === null ? undefined : sql`${exchangeItems.exchangedCount} <= ${stock}`))
    .returning({ id: exchangeItems.id });
  if (!updated) {
    const [current] = await db.select({ exchanged: exchangeItems.exchangedCount }).from(exchangeItems).where(eq(exchangeItems.id, found.id));
    throw conflict(`库存不能少于已兑换的数量（${current?.exchanged ?? 0}）`);
  }
  return adminItem(db, found.id);
}

/** Staff: withdraw an item from the catalogue (members no longer see or exchange it) or put it back; exchanges made stay. */
export async function setExchangeItemActive(db: DbOrTx, input: { rid: string; active: boolean }): Promise<AdminExchangeItem> {
  const [updated] = await db
    .update(exchangeItems)
    .set({ active: input.active ? 1 : 0 })
    .where(eq(exchangeItems.rid, input.rid))
    .returning({ id: exchangeItems.id });
  if (!updated) throw notFound('兑换商品');
  return adminItem(db, updated.id);
}

/** Staff: exchanges (gifts to ship first when no status is asked for). */
export async function adminListExchanges(db: DbOrTx, query: PageInput & { status?: ExchangeRecord['status'] | undefined }): Promise<Page<AdminExchangeRecord>> {
  const where: SQL | undefined = query.status ? eq(pointsExchanges.status, query.status) : undefined;
  return pageOf(
    db
      .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind })
      .from(pointsExchanges)
      .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
      .where(where)
      .orderBy(sql`case when ${pointsExchanges.status} = 'to_ship' then 0 else 1 end`, desc(pointsExchanges.createdAt), desc(pointsExchanges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(pointsExchanges).where(where),
    query,
    async (rows) => {
      const exchangers = await memberContacts(db, rows.map((r) => r.e.memberId));
      return rows.flatMap((r) => {
        const m = exchangers.get(r.e.memberId);
        return m ? [{ ...exchangeView(r.e, r), shipTo: r.e.shipTo, member: { rid: m.rid, name: m.name || m.nickname, phone: m.phone } }] : [];
      });
    },
  );
}

/** Staff: a gift was mailed (to_ship → shipped), and the member is told. */
export async function shipExchange(db: Db, input: { rid: string; note?: string | undefined }, now: Date): Promise<ExchangeRecord> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ e: pointsExchanges, name: exchangeItems.name, kind: exchangeItems.kind })
      .from(pointsExchanges)
      .innerJoin(exchangeItems, eq(exchangeItems.id, pointsExchanges.itemId))
      .where(eq(pointsExchanges.rid, input.rid))
      .limit(1);
    if (!found) throw notFound('兑换记录');
    const [row] = await tx
      .update(pointsExchanges)
      .set({ status: 'shipped' })
      .where(and(eq(pointsExchanges.id, found.e.id), eq(pointsExchanges.status, 'to_ship')))
      .returning();
    if (!row) throw conflict(`该兑换${exchangeStatusLabels[found.e.status]}，不能发货`);
    await postMessage(
      tx,
      row.memberId,
      { kind: 'points', title: '积分兑换礼品已发货', content: `您兑换的「${found.name}」已寄出${input.note ? `（${input.note}）` : ''}，请注意查收。`, link: POINTS_LINK },
      now,
    );
    return exchangeView(row, found);
  });
}
