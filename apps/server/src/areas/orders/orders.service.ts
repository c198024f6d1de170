import { ensureSampleRows } from './desk/sample-moves';
import { and, eq, inArray } from 'drizzle-orm';
import { formatFen, MEMBER_CANCELLABLE, progressLabels, type OrderAddBody, type OrderDetail, type OrderLine, type OrderSample } from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Tx } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { getMember } from '../accounts';
import { countAddresses } from '../member';
import { memberCouponState, memberInvoiceTitleId } from '../funds';
import { samplings } from './pickups/pickups.tables';
import { addSampling } from './pickups/sampling.service';
import { postMessage, sendNotice, type NoticeChannels } from '../messages';
import { cancelOrder } from './cancel-core';
import { addOrderEvent, findMemberOrder, insertOrderRow, memberName } from './order-core';
import { orderLines, orders, planLines } from './orders.tables';
import { contracts } from './requirements.tables';
import { planLineMissing } from './plan.service';
import { bookingChoices, choiceKey, itemsByIds, priceLine } from './pricing';
import { quoteForOrder } from './documents/quotes.service';
import { holdForBooking } from './holds.service';
import { bookSlots } from './reservation-core';
import { getOrderDetail, orderDetailOf } from './order-detail.service';

/**
 * Orders from the member's side: placing one from plan lines (order/add) and the member's
 * cancel (the detail is order-detail.service.ts, the lists order-lists.service.ts). Prices are
 * read from the catalogue when the order is placed and copied onto its lines; a price a
 * client sends is never read.
 */
export const NO_ADDRESS_MESSAGE = '请先完善基本信息（收货地址）后再下单';
const TITLE_MAX = 200;

/** The order's title for lists: the lines' names, joined and cut to a length. */
export function orderTitle(names: string[]): string {
  const title = [...new Set(names)].join('、');
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/** The lab code of a sample: <order no>-<line #>-<n>, both from 1. */
export const sampleCode = (orderNo: string, line: number, n: number) => `${orderNo}-${line}-${n}`;

interface PreparedLine {
  planLineId: number;
  itemId: number;
  name: string;
  img: string;
  typeId: number;
  groupId: number;
  unit: string;
  count: number;
  options: OrderLine['options'];
  unitPriceFen: number;
  amountFen: number;
  note: string;
  samples: OrderSample[];
  reservation: { day: string; hours: number[] } | null;
  /** pricing.ts choiceKey of the line's choices (a quote's prices are keyed by it) */
  choiceKey: string;
}

/**
 * Reads the member's plan lines named in the body (locked) and prices them from the catalogue;
 * `quoted`: the unit price a quote holds for an item and its choices (pricing.ts choiceKey), else the catalogue's. */
async function prepareLines(tx: Tx, memberId: number, input: OrderAddBody['lines'], quoted?: (itemId: number, key: string) => number | undefined): Promise<PreparedLine[]> {
  const ids = input.map((l) => l.id);
  if (new Set(ids).size !== ids.length) throw badRequest('同一项目不能重复提交');
  const rows = await tx
    .select()
    .from(planLines)
    .where(and(eq(planLines.memberId, memberId), inArray(planLines.rid, ids)))
    .for('update');
  const byRid = new Map(rows.map((r) => [r.rid, r]));
  if (rows.length !== ids.length) throw planLineMissing();
  const items = await itemsByIds(
    tx,
    rows.map((r) => r.itemId),
  );
  return input.map((wanted) => {
    const line = byRid.get(wanted.id)!;
    const item = items.get(line.itemId);
    if (!item || !item.published) throw new AppError('ITEM_WITHDRAWN', `「${item?.name ?? '项目'}」已下架，请从实验计划中移除后再下单`, { status: 409 });
    const samples = wanted.samples;
    const reservation = line.reservationDate !== null ? { day: line.reservationDate, hours: line.reservationHours ?? [] } : null;
    if (!reservation && samples.length === 0) throw badRequest(`请填写「${item.name}」的样品信息`);
    // a test line is priced by its samples; an on-site line by its hours
    const lineCount = reservation ? reservation.hours.length : samples.reduce((n, s) => n + s.count, 0);
    // an on-site line's slot-priced options follow its day (a plan line written before the rule included)
    const listed = priceLine(item, reservation ? bookingChoices(item, line.choices, reservation.day) : line.choices, lineCount);
    const quotedUnit = reservation ? undefined : quoted?.(item.id, choiceKey(line.choices));
    const price = quotedUnit === undefined ? listed : { ...listed, unitPriceFen: quotedUnit, amountFen: quotedUnit * lineCount };
    return {
      planLineId: line.id,
      itemId: item.id,
      name: item.name,
      img: item.img,
      typeId: item.typeId,
      groupId: item.groupId,
      unit: item.unit,
      count: lineCount,
      options: price.options,
      unitPriceFen: price.unitPriceFen,
      amountFen: price.amountFen,
      note: wanted.note ?? line.note,
      samples,
      reservation,
      choiceKey: choiceKey(line.choices),
    };
  });
}

async function checkCoupon(tx: Tx, memberId: number, rid: string, now: Date): Promise<void> {
  // read with its owner: another member's coupon is not found (404); one of the member's own
  // that is spent or expired is a conflict (409)
  const coupon = await memberCouponState(tx, memberId, rid);
  if (!coupon) throw notFound('优惠券');
  if (coupon.status !== 'unused' || coupon.validTo <= now) throw new AppError('COUPON_UNUSABLE', '优惠券已使用或已过期', { status: 409 });
}

async function invoiceTitleId(tx: Tx, memberId: number, rid: string | undefined): Promise<number | null> {
  if (!rid) return null;
  const titleId = await memberInvoiceTitleId(tx, memberId, rid);
  if (titleId === null) throw notFound('发票抬头');
  return titleId;
}

/**
 * order/add: in one transaction the chosen plan lines become an order — priced from the
 * catalogue, samples coded, on-site hours booked, the home pickup booked, the testing
 * agreement to sign, the timeline's first event and an in-site message; the lines leave the plan.
 */
export async function placeOrder(db: Db, memberId: number, input: OrderAddBody, now: Date): Promise<OrderDetail> {
  const member = await getMember(db, memberId);
  if ((await countAddresses(db, memberId)) === 0) throw new AppError('BASIC_INFO_MISSING', NO_ADDRESS_MESSAGE, { status: 409 });
  // the answer is read inside the transaction: a read after the commit could fail (503) although
  // the order is saved, and the client would place it again (issue 28, fault 12)
  return db.transaction(async (tx) => {
    const quote = input.quote_no ? await quoteForOrder(tx, memberId, input.quote_no, now) : null;
    const lines = await prepareLines(tx, memberId, input.lines, quote?.priceOf);
    if (quote && !lines.some((l) => !l.reservation && quote.priceOf(l.itemId, l.choiceKey) !== undefined)) throw conflict(`所选项目不在报价单 ${quote.no} 内，请选择报价单中的项目下单`);
    const wanted = lines.flatMap((line) => (line.reservation ? [{ itemId: line.itemId, ...line.reservation }] : []));
    const holdUntil = wanted.length > 0 ? await holdForBooking(tx, memberId, wanted, now) : null;
    if (input.coupon_rid) await checkCoupon(tx, memberId, input.coupon_rid, now);
    const titleId = await invoiceTitleId(tx, memberId, input.invoice_title_rid);
    const order = await insertOrderRow(
      tx,
      {
        memberId,
        kind: 'test',
        organization: member.organization,
        title: orderTitle(lines.map((l) => l.name)),
        lineCount: lines.length,
        sampleCount: lines.reduce((n, l) => n + l.samples.reduce((m, s) => m + s.count, 0), 0),
        totalFen: lines.reduce((n, l) => n + l.amountFen, 0),
        couponRid: input.coupon_rid ?? null,
        delivery: input.delivery,
        contact: input.contact ?? memberName(member),
        phone: input.phone ?? member.phone,
        remark: input.remark ?? '',
        projectNo: input.project_no ?? '',
        invoiceType: input.invoice_type,
        invoiceTitleId: titleId,
        createdAt: now,
        updatedAt: now,
      },
      now,
    );
    await tx.insert(orderLines).values(
      lines.map((line, index) => ({
        rid: randomId(),
        orderId: order.id,
        itemId: line.itemId,
        name: line.name,
        img: line.img,
        typeId: line.typeId,
        groupId: line.groupId,
        unit: line.unit,
        count: line.count,
        options: line.options,
        unitPriceFen: line.unitPriceFen,
        amountFen: line.amountFen,
        note: line.note,
        samples: line.samples.map((sample, n) => ({ ...sample, code: sampleCode(order.orderNo, index + 1, n + 1) })),
        sort: index,
      })),
    );
    // the quote is used: its verification page says 已转订单
    await quote?.converted(order.id);
    // each sample's own state starts at 待收样 (desk/sample-moves.ts)
    await ensureSampleRows(tx, order, now);
    for (const line of lines) {
      if (!line.reservation) continue;
      await bookSlots(tx, {
        memberId,
        itemId: line.itemId,
        day: line.reservation.day,
        hours: line.reservation.hours,
        amountFen: line.amountFen,
        orderId: order.id,
        note: line.note,
        holdUntil,
        now,
      });
    }
    if (input.delivery === 'pickup') {
      const sampling = await addSampling(
        tx,
        memberId,
        {
          type: 1,
          address_rid: input.address_rid,
          date: input.date,
          time: input.time,
          name: undefined,
          phone: undefined,
          address_code: undefined,
          province: undefined,
          city: undefined,
          area: undefined,
          address: undefined,
          sendAddress: undefined,
          message: `订单${order.orderNo}取样`,
        },
        now,
      );
      const [row] = await tx.select({ id: samplings.id }).from(samplings).where(eq(samplings.rid, sampling.rid)).limit(1);
      await tx.update(orders).set({ samplingId: row!.id }).where(eq(orders.id, order.id));
    }
    await tx.delete(planLines).where(
      inArray(
        planLines.id,
        lines.map((l) => l.planLineId),
      ),
    );
    await tx.insert(contracts).values({
      rid: randomId(),
      memberId,
      orderId: order.id,
      kind: 'agreement',
      title: `委托检测服务协议（${order.orderNo}）`,
      status: 'to_sign',
      createdAt: now,
    });
    await addOrderEvent(tx, order.id, { status: 'submitted', title: '订单已提交', actor: { kind: 'member', id: memberId, name: memberName(member) }, now });
    await postMessage(
      tx,
      memberId,
      {
        title: `订单${order.orderNo}已提交`,
        content: `您的订单「${order.title}」已提交，共${lines.length}个项目，金额${formatFen(order.totalFen)}。${input.delivery === 'pickup' ? '我们将按预约时间上门取样。' : '请按订单详情中的地址寄送样品。'}`,
        link: `/member/order/${order.orderNo}`,
      },
      now,
    );
    return getOrderDetail(tx, memberId, order.orderNo, now);
  });
}

// ---- cancel ----

/**
 * order/cancel by the member: only before the sample is received (待确认, 待寄样). The order
 * row is locked; cancelOrder refunds a paid order, frees the pickup and the booked hours,
 * writes the event and the in-site message. The SMS/e-mail go out after the commit.
 */
export async function cancelMemberOrder(
  db: Db,
  notice: { channels: NoticeChannels; log: Pick<FastifyBaseLogger, 'warn'> },
  memberId: number, input: { order_no: string; reason?: string | undefined }, now: Date): Promise<OrderDetail> {
  const member = await getMember(db, memberId);
  const order = await db.transaction(async (tx) => {
    const row = await findMemberOrder(tx, memberId, input.order_no, { lock: true });
    if (!MEMBER_CANCELLABLE.includes(row.progress)) {
      throw new AppError('ORDER_STATE', `订单当前为「${progressLabels[row.progress]}」，不能取消`, { status: 409 });
    }
    return cancelOrder(tx, row, { kind: 'member', id: memberId, name: memberName(member) }, input.reason ?? '', now);
  });
  await sendNotice(db, notice.channels, memberId, {
    template: 'order_cancelled',
    params: { orderNo: order.orderNo },
    subject: `订单${order.orderNo}已取消`,
    body: `您的订单${order.orderNo}已取消${order.payment === 'refunded' ? '，已支付的款项已退回预存款账户' : ''}。`,
  }).catch((error: unknown) => notice.log.warn({ err: error, orderNo: order.orderNo }, 'order cancel notice failed'));
  return orderDetailOf(db, order, now);
}
