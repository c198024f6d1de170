import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { documentStatusLabels, formatFen, labDay, QUOTE_VALID_DAYS, type QuoteView } from '@lab/contract';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { memberContact } from '../../accounts';
import { getSiteSettings } from '../../content';
import { getFundsSettings } from '../../funds';
import { orderNumbers } from '../paid-orders';
import { planLines } from '../orders.tables';
import { choiceKey, itemsByIds, tryPriceLine } from '../pricing';
import { documentStatus, issueDocument, type DocumentDeps, type SealedDocumentRow } from './documents.service';
import { sealedDocuments } from './documents.tables';
import { quotes, type QuotedLine } from './quotes.tables';

/**
 * 报价单 (issue 32): the member's plan priced now, sealed, valid QUOTE_VALID_DAYS days. Ordering
 * with its number before it expires prices the matching plan lines at the quoted unit prices
 * (orders.service placeOrder); after that the quote says 已转订单 and cannot be used again.
 */
const DAY = 24 * 3600_000;
const LAB_FALLBACK = { address: '上海市徐汇区桂平路 680 号 科研检测中心', phone: '400-820-6688' };

/** The plan's test lines (not on-site bookings) priced now; lines whose item changed are left out. */
async function quotedPlanLines(db: DbOrTx, memberId: number): Promise<QuotedLine[]> {
  const rows = await db.select().from(planLines).where(and(eq(planLines.memberId, memberId), isNull(planLines.reservationDate))).orderBy(asc(planLines.id));
  const items = await itemsByIds(
    db,
    rows.map((r) => r.itemId),
  );
  const lines: QuotedLine[] = [];
  for (const row of rows) {
    const item = items.get(row.itemId);
    const price = item?.published ? tryPriceLine(item, row.choices, row.count) : null;
    if (!item || !price) continue;
    lines.push({ itemId: item.id, choiceKey: choiceKey(row.choices), name: item.name, unit: item.unit, count: row.count, options: price.options, unitPriceFen: price.unitPriceFen, amountFen: price.amountFen });
  }
  return lines;
}

/** The member's live quote with exactly these lines (same plan, same prices), if one is still valid. */
async function sameLiveQuote(db: DbOrTx, memberId: number, lines: QuotedLine[], now: Date): Promise<SealedDocumentRow | null> {
  const rows = await db
    .select({ doc: sealedDocuments, lines: quotes.lines })
    .from(quotes)
    .innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId))
    .where(and(eq(quotes.memberId, memberId), isNull(quotes.orderId)))
    .orderBy(desc(sealedDocuments.issuedAt))
    .limit(5);
  // jsonb keeps its own key order: compare the fields, not the stored text
  const canon = (ls: QuotedLine[]) => JSON.stringify(ls.map((l) => [l.itemId, l.choiceKey, l.count, l.name, l.unit, l.unitPriceFen, l.amountFen, l.options.map((o) => [o.optionId, o.choiceId, o.label, o.priceFen])]));
  const wanted = canon(lines);
  const live = rows.find((r) => documentStatus(r.doc, now) === 'valid' && canon(r.lines) === wanted && (r.doc.expiresAt?.getTime() ?? 0) - now.getTime() > 7 * DAY);
  return live?.doc ?? null;
}

/** The sealed 报价单 of the member's plan: the same plan at the same prices answers the same quote while it has a week or more left. */
export async function planQuote(db: Db, deps: DocumentDeps, memberId: number, now: Date): Promise<SealedDocumentRow> {
  const lines = await quotedPlanLines(db, memberId);
  if (lines.length === 0) throw conflict('实验计划中没有可报价的送样检测项目，请先加入项目');
  const same = await sameLiveQuote(db, memberId, lines, now);
  if (same && same.demo === deps.seal.demo) return same;
  return sealQuote(db, deps, { memberId, lines, title: `报价单（实验计划 ${lines.length} 个项目）`, source: '实验计划', note: '', requirementId: null }, now);
}

/**
 * The sealed 报价单 of a requirement sales quoted (requirements-admin quoteRequirement): its lines
 * priced now and held 30 days; a quote given again replaces the earlier one (已被新版本替代).
 */
export async function requirementQuote(db: DbOrTx, deps: DocumentDeps, requirement: { id: number; memberId: number; title: string; quoteNote: string | null; quoteLines: { itemId: number; count: number; choices: Record<string, number> }[] | null }, now: Date) {
  const items = await itemsByIds(
    db,
    (requirement.quoteLines ?? []).map((l) => l.itemId),
  );
  const lines: QuotedLine[] = (requirement.quoteLines ?? []).flatMap((l) => {
    const item = items.get(l.itemId);
    const price = item ? tryPriceLine(item, l.choices, l.count) : null;
    return item && price ? [{ itemId: item.id, choiceKey: choiceKey(l.choices), name: item.name, unit: item.unit, count: l.count, options: price.options, unitPriceFen: price.unitPriceFen, amountFen: price.amountFen }] : [];
  });
  if (lines.length === 0) return null;
  const older = await db
    .select({ id: sealedDocuments.id })
    .from(quotes)
    .innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId))
    .where(and(eq(quotes.requirementId, requirement.id), isNull(quotes.orderId), isNull(sealedDocuments.supersededAt)));
  const row = await sealQuote(db, deps, { memberId: requirement.memberId, lines, title: `报价单（测试需求「${requirement.title}」）`, source: `测试需求「${requirement.title}」`, note: requirement.quoteNote ?? '', requirementId: requirement.id }, now);
  for (const o of older) await db.update(sealedDocuments).set({ supersededAt: now, supersededBy: row.no }).where(eq(sealedDocuments.id, o.id));
  return row;
}

/** The latest quote of a requirement, if any (its expiry decides whether it can still be accepted). */
export async function latestRequirementQuote(db: DbOrTx, requirementId: number): Promise<SealedDocumentRow | null> {
  const [row] = await db
    .select({ doc: sealedDocuments })
    .from(quotes)
    .innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId))
    .where(eq(quotes.requirementId, requirementId))
    .orderBy(desc(sealedDocuments.issuedAt), desc(sealedDocuments.id))
    .limit(1);
  return row?.doc ?? null;
}

async function sealQuote(
  db: DbOrTx,
  deps: DocumentDeps,
  q: { memberId: number; lines: QuotedLine[]; title: string; source: string; note: string; requirementId: number | null },
  now: Date,
): Promise<SealedDocumentRow> {
  const { memberId, lines } = q;
  const [site, funds, person] = await Promise.all([getSiteSettings(db), getFundsSettings(db), memberContact(db, memberId)]);
  const name = person?.name || person?.nickname || '';
  const client = [person?.company, name].filter(Boolean).join(' ');
  const totalFen = lines.reduce((n, l) => n + l.amountFen, 0);
  const expiresAt = new Date(now.getTime() + QUOTE_VALID_DAYS * DAY);
  return issueDocument(
    db,
    deps,
    {
      kind: 'quote',
      memberId,
      orderId: null,
      title: q.title,
      client,
      amountFen: totalFen,
      expiresAt,
      spec: {
        title: '报价单',
        lab: { name: funds.bank.accountName, address: site.localInfo.address || LAB_FALLBACK.address, phone: site.localInfo.phone || LAB_FALLBACK.phone },
        facts: [
          ['委托方', client || '—'],
          ['联系电话', person?.phone ?? '—'],
          ['报价日期', labDay(now)],
          ['有效期至', `${labDay(expiresAt)}（${QUOTE_VALID_DAYS} 天）`],
          ['报价依据', q.source],
        ],
        table: {
          columns: [
            { label: '序号', width: 0.6, align: 'center' },
            { label: '检测项目与条件', width: 4.2 },
            { label: '数量', width: 1, align: 'right' },
            { label: '单价', width: 1.3, align: 'right' },
            { label: '金额', width: 1.4, align: 'right' },
          ],
          rows: lines.map((l, i) => [String(i + 1), [l.name, ...l.options.map((o) => `${o.name}：${o.label}`)].join('\n'), `${l.count} ${l.unit}`, formatFen(l.unitPriceFen), formatFen(l.amountFen)]),
        },
        totals: [['报价合计', totalFen]],
        notes: [
          ...(q.note ? [`报价说明：${q.note}`] : []),
          `本报价单自出具之日起 ${QUOTE_VALID_DAYS} 天内有效（至 ${labDay(expiresAt)}）。有效期内在网站下单时填写报价单编号，所列项目按上表单价计价。`,
          '实际金额按送样数量（或机时）乘以单价计算；未列入本报价单的项目按下单时的价格计价。',
          '报价单过期后价格以网站当时的价格为准，请重新生成报价单或联系客户经理重新报价。',
          '样品要求、检测周期见各项目页面；双方权利义务以《委托检测服务协议》为准。',
        ],
      },
      record: async (tx, row) => {
        await tx.insert(quotes).values({ documentId: row.id, memberId, lines, totalFen, requirementId: q.requirementId, createdAt: now });
      },
    },
    now,
  );
}

/**
 * The member's quote an order is placed with, locked: its quoted unit prices by item and choices,
 * and `converted` to call once the order exists. Someone else's or an unknown number: 404; a
 * quote expired, revoked or already ordered: 409 saying what to do.
 */
export async function quoteForOrder(tx: Tx, memberId: number, no: string, now: Date) {
  const [found] = await tx
    .select({ doc: sealedDocuments, quote: quotes })
    .from(quotes)
    .innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId))
    .where(and(eq(sealedDocuments.no, no.trim().toUpperCase()), eq(quotes.memberId, memberId)))
    .for('update')
    .limit(1);
  if (!found) throw notFound('报价单');
  const { doc, quote } = found;
  const status = documentStatus(doc, now);
  if (status === 'converted' || quote.orderId !== null) throw conflict(`报价单 ${doc.no} 已下单，不能重复使用`);
  if (status === 'revoked') throw conflict(`报价单 ${doc.no} 已撤销，请重新生成报价单或联系客户经理`);
  if (status === 'expired') throw new AppError('QUOTE_EXPIRED', `报价单 ${doc.no} 已于 ${labDay(doc.expiresAt!)} 过期，请重新生成报价单或联系客户经理重新报价`, { status: 409 });
  const prices = new Map(quote.lines.map((l) => [`${l.itemId}|${l.choiceKey}`, l.unitPriceFen]));
  return {
    no: doc.no,
    priceOf: (itemId: number, key: string) => prices.get(`${itemId}|${key}`),
    converted: async (orderId: number) => {
      await tx.update(quotes).set({ orderId }).where(eq(quotes.id, quote.id));
      await tx.update(sealedDocuments).set({ convertedAt: now, convertedOrderId: orderId }).where(eq(sealedDocuments.id, doc.id));
    },
  };
}

/** The member's latest quotes, newest first. */
export async function listQuotes(db: DbOrTx, memberId: number, now: Date): Promise<QuoteView[]> {
  const rows = await db
    .select({ doc: sealedDocuments, quote: quotes })
    .from(quotes)
    .innerJoin(sealedDocuments, eq(sealedDocuments.id, quotes.documentId))
    .where(eq(quotes.memberId, memberId))
    .orderBy(desc(sealedDocuments.issuedAt), desc(sealedDocuments.id))
    .limit(20);
  const numbers = await orderNumbers(
    db,
    rows.flatMap((r) => (r.quote.orderId === null ? [] : [r.quote.orderId])),
  );
  return rows.map(({ doc, quote }) => {
    const status = documentStatus(doc, now);
    return {
      no: doc.no,
      totalFen: quote.totalFen,
      lineCount: quote.lines.length,
      issuedAt: doc.issuedAt.toISOString(),
      expiresAt: doc.expiresAt!.toISOString(),
      status,
      statusText: documentStatusLabels[status],
      orderNo: quote.orderId === null ? null : (numbers.get(quote.orderId) ?? null),
    };
  });
}
