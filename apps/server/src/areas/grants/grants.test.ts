import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALLOWANCE_BELOW_SPENT_MESSAGE, GRANT_CARD_EXPIRED_MESSAGE, GRANT_PIN_CHANGED_MESSAGE, type GrantAllowance, type GrantCard, type GrantRequest, type OrderSummary, type ReadyToPay, type Statement } from '@lab/contract';
import { outbox } from '../../db/schema';
import { checkLedger } from '../funds/ledger-check.service';
import { memberMessages } from '../messages/member-messages.tables';
import { communityMembers } from '../member/member.tables';
import { orders } from '../orders/orders.tables';
import { balance, fund, makeOrder, orderRow, ownedCommunity, payer, type Who } from '../payments/payment.test-helpers';
import { catalog, pay, post, t, usePaymentContext } from '../payments/payment-calls.test-helpers';
import { EXPIRED_REASON, expireRequests } from './grant-requests';
import { grantCards, grantRequests, grantUsage } from './grants.tables';

usePaymentContext();

/** A PI (teacher) with a community holding `fundsFen`, a card, and a student with an allowance on it. */
async function group(options: { fundsFen?: number; amount?: string; autoLimit?: string; period?: 'total' | 'month'; cap?: string } = {}) {
  const pi = await payer(t, { organization: 3 });
  const community = await ownedCommunity(t, pi.member.id);
  if (options.fundsFen) await fund(t, 'community', community.id, options.fundsFen);
  const student = await payer(t);
  await t.db.insert(communityMembers).values({ communityId: community.id, memberId: student.member.id, role: 'member', status: 'approved' });
  const card = await post<GrantCard>('/api/auth/grant/card/save', pi, { community_rid: community.rid, name: '国自然面上项目', number: 'NSFC-2026-01', end_date: '2027-12-31', cap: options.cap });
  expect(card).toMatchObject({ code: 1, data: { number: 'NSFC-2026-01', expired: false } });
  const set = await post<GrantAllowance>('/api/auth/grant/allowance/set', pi, {
    card_rid: card.data.rid,
    member_rid: student.member.rid,
    period: options.period ?? 'total',
    amount: options.amount ?? '1000',
    auto_limit: options.autoLimit ?? '500',
  });
  expect(set).toMatchObject({ code: 1, msg: '额度已保存' });
  return { pi, community, student, card: card.data };
}

const payWithCard = (who: Who, orderNo: string, cardRid: string, projectNo?: string) => pay(who, { order_no: orderNo, card_rid: cardRid, ...(projectNo ? { project_no: projectNo } : {}) });
const requestOf = async (orderId: number) => (await t.db.select().from(grantRequests).where(eq(grantRequests.orderId, orderId)))[0]!;

describe('grant cards and allowances (the owner)', () => {
  it('keeps cards; an expired end date, an allowance below what was spent and another member answer in Chinese and change nothing', async () => {
    const { pi, community, student, card } = await group({ fundsFen: 2_000_00 });
    const expired = await post('/api/auth/grant/card/save', pi, { community_rid: community.rid, name: '旧项目', number: 'OLD-1', end_date: '2026-01-01' });
    expect(expired).toMatchObject({ status: 400, code: 0, msg: '经费卡已过期：截止日期2026-01-01早于今天，不能保存' });
    const cards = await post<GrantCard[]>('/api/auth/grant/cards', pi, { community_rid: community.rid });
    expect(cards.data.map((c) => c.number)).toEqual(['NSFC-2026-01']);
    // the student is no owner: the community and the card are not found
    expect(await post('/api/auth/grant/cards', student, { community_rid: community.rid })).toMatchObject({ status: 404 });
    expect(await post('/api/auth/grant/allowances', student, { card_rid: card.rid })).toMatchObject({ status: 404 });

    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    expect(await payWithCard(student, order.orderNo, card.rid)).toMatchObject({ code: 1, msg: '支付成功' });
    const below = await post('/api/auth/grant/allowance/set', pi, { card_rid: card.rid, member_rid: student.member.rid, period: 'total', amount: '200', auto_limit: '500' });
    expect(below).toMatchObject({ status: 400, code: 0, msg: `${ALLOWANCE_BELOW_SPENT_MESSAGE}（¥300.00）` });
    const list = await post<GrantAllowance[]>('/api/auth/grant/allowances', pi, { card_rid: card.rid });
    expect(list.data.find((a) => a.memberRid === student.member.rid)).toMatchObject({ period: 'total', amountFen: 1000_00, usedFen: 300_00 });
    // allotted may exceed the balance: ¥1,000,000 on a community holding ¥1,700
    expect(await post('/api/auth/grant/allowance/set', pi, { card_rid: card.rid, member_rid: student.member.rid, period: 'total', amount: '1000000', auto_limit: '500' })).toMatchObject({ code: 1 });
  });
});

describe('paying with a card', () => {
  it('within both limits books at once from the community, tagged with member, card and 课题号; the card is offered in ready2pay', async () => {
    const { pi, community, student, card } = await group({ fundsFen: 1_000_00 });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [200_00] });
    const ready = await post<ReadyToPay>('/api/auth/order/ready2pay', student, { order_no: order.orderNo });
    expect(ready.data.cards).toEqual([expect.objectContaining({ rid: card.rid, number: 'NSFC-2026-01', balanceFen: 1_000_00, leftFen: 1000_00, autoLimitFen: 500_00 })]);
    const paid = await payWithCard(student, order.orderNo, card.rid);
    expect(paid).toMatchObject({ code: 1, msg: '支付成功', data: { payment: 'paid', projectNo: 'NSFC-2026-01' } });
    expect(await balance(t, 'community', community.id)).toBe(800_00);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ paidFromKind: 'community', paidFromId: community.id, paidFen: 200_00, projectNo: 'NSFC-2026-01' });
    expect(await t.db.select().from(grantUsage).where(eq(grantUsage.orderId, order.id))).toEqual([expect.objectContaining({ kind: 'payment', amountFen: 200_00, memberId: student.member.id })]);
    // a free-text 课题号 wins over the card's number
    const second = await makeOrder(t, catalog, student.member.id, { amounts: [100_00] });
    expect(await payWithCard(student, second.orderNo, card.rid, 'KT-自定义-7')).toMatchObject({ code: 1, data: { projectNo: 'KT-自定义-7' } });
    // the member's 对账单 names the 课题号 of each order
    const statement = await post<Statement>('/api/auth/assign/statement', student, {});
    expect(statement.data.orders.find((o) => o.orderNo === order.orderNo)).toMatchObject({ projectNo: 'NSFC-2026-01' });
    // the PI's statement of the card (xlsx), of all members and of one
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/grant/statement?card_rid=${card.rid}&member_rid=${student.member.rid}`, headers: { token: pi.token } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('经费卡对账单')!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]![1]).toContain('合计 300.00 元');
    expect(rows.slice(2).map((r) => [r[3], r[4], r[5], r[6]])).toEqual([
      [order.orderNo, 'NSFC-2026-01', '扣款', 200],
      [second.orderNo, 'NSFC-2026-01', '扣款', 100],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/grant/statement?card_rid=${card.rid}`, headers: { token: student.token } })).statusCode).toBe(404);
  });

  it('above a limit waits in 待导师审批; the PI gets a message and an SMS with the link, approves what was shown; a changed balance answers 409', async () => {
    const { pi, community, student, card } = await group({ fundsFen: 1_000_00, autoLimit: '100' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    const filed = await payWithCard(student, order.orderNo, card.rid);
    expect(filed).toMatchObject({ code: 1, msg: '已提交导师审批，导师批准后自动支付', data: { payment: 'approval', paymentText: '待导师审批', actions: { pay: false } } });
    expect(await balance(t, 'community', community.id)).toBe(1_000_00);
    // paying again meanwhile is refused
    expect(await pay(student, { order_no: order.orderNo })).toMatchObject({ status: 409, msg: '订单正在等待导师审批，请等待导师处理' });
    const request = await requestOf(order.id);
    expect(request).toMatchObject({ status: 'pending', amountFen: 300_00, why: '超出单笔自动批准上限¥100.00' });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, pi.member.id));
    expect(messages).toEqual([expect.objectContaining({ link: `/member/grant-approval/${request.rid}` })]);
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, pi.member.phone), eq(outbox.template, 'tutor_approval')));
    expect(sms).toHaveLength(1);
    expect(JSON.stringify(sms[0])).toContain(`/member/grant-approval/${request.rid}`);

    const seen = await post<GrantRequest>('/api/auth/grant/request', pi, { rid: request.rid });
    expect(seen.data).toMatchObject({ status: 'pending', amountFen: 300_00, balanceFen: 1_000_00, canDecide: true, orderNo: order.orderNo });
    // the student sees it, cannot decide; a stranger does not find it
    expect((await post<GrantRequest>('/api/auth/grant/request', student, { rid: request.rid })).data).toMatchObject({ canDecide: false });
    expect(await post('/api/auth/grant/approve', student, { rid: request.rid, amount_fen: 300_00, balance_fen: 1_000_00 })).toMatchObject({ status: 404 });

    // the balance changed after the PI looked: 409, nothing booked
    await fund(t, 'community', community.id, 50_00);
    const stale = await post('/api/auth/grant/approve', pi, { rid: request.rid, amount_fen: seen.data.amountFen, balance_fen: seen.data.balanceFen });
    expect(stale).toMatchObject({ status: 409, code: 0, msg: GRANT_PIN_CHANGED_MESSAGE });
    expect(await balance(t, 'community', community.id)).toBe(1_050_00);

    const fresh = await post<GrantRequest>('/api/auth/grant/request', pi, { rid: request.rid });
    const approved = await post<GrantRequest>('/api/auth/grant/approve', pi, { rid: request.rid, amount_fen: fresh.data.amountFen, balance_fen: fresh.data.balanceFen });
    expect(approved).toMatchObject({ code: 1, msg: '已批准，订单已支付', data: { status: 'approved' } });
    expect(await balance(t, 'community', community.id)).toBe(750_00);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'paid', paidFen: 300_00, paidFromKind: 'community', projectNo: 'NSFC-2026-01' });
    expect(await post('/api/auth/grant/approve', pi, { rid: request.rid, amount_fen: 300_00, balance_fen: 750_00 })).toMatchObject({ status: 409 });
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
  });

  it('a changed order answers 409 on approval', async () => {
    const { pi, student, card } = await group({ fundsFen: 1_000_00, autoLimit: '100' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    await payWithCard(student, order.orderNo, card.rid);
    const request = await requestOf(order.id);
    const seen = (await post<GrantRequest>('/api/auth/grant/request', pi, { rid: request.rid })).data;
    await t.db.update(orders).set({ totalFen: 350_00 }).where(eq(orders.id, order.id));
    expect(await post('/api/auth/grant/approve', pi, { rid: request.rid, amount_fen: seen.amountFen, balance_fen: seen.balanceFen })).toMatchObject({ status: 409, msg: GRANT_PIN_CHANGED_MESSAGE });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'approval' });
  });

  it('above the allowance: refused with a reason, the order back to 待支付 and the member told', async () => {
    const { pi, student, card } = await group({ fundsFen: 1_000_00, amount: '100', autoLimit: '500' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [150_00] });
    await payWithCard(student, order.orderNo, card.rid);
    const request = await requestOf(order.id);
    expect(request.why).toBe('超出剩余额度¥100.00');
    expect(await post('/api/auth/grant/refuse', pi, { rid: request.rid, reason: '' })).toMatchObject({ status: 400, msg: '[拒绝原因]不能为空' });
    const refused = await post<GrantRequest>('/api/auth/grant/refuse', pi, { rid: request.rid, reason: '请改用横向经费' });
    expect(refused).toMatchObject({ code: 1, data: { status: 'refused', reason: '导师拒绝：请改用横向经费' } });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'unpaid' });
    const told = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, student.member.id));
    expect(told.map((m) => m.content).join()).toContain('请改用横向经费');
  });

  it('unanswered for 7 days: refused by the job on the test clock, the member told', async () => {
    const { student, card } = await group({ fundsFen: 1_000_00, autoLimit: '100' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    await payWithCard(student, order.orderNo, card.rid);
    const channels = { sms: t.app.deps.sms, email: t.app.deps.email };
    expect(await expireRequests(t.db, channels, new Date(t.clock.now().getTime() + 6 * 86_400_000))).toEqual([]);
    const request = await requestOf(order.id);
    expect(await expireRequests(t.db, channels, new Date(t.clock.now().getTime() + 7 * 86_400_000))).toContain(request.rid);
    expect(await requestOf(order.id)).toMatchObject({ status: 'expired', reason: EXPIRED_REASON });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'unpaid' });
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, student.member.phone), eq(outbox.template, 'grant_request_expired')));
    expect(sms).toHaveLength(1);
  });

  it('a member leaving the community has their pending requests refused with a reason', async () => {
    const { pi, community, student, card } = await group({ fundsFen: 1_000_00, autoLimit: '100' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    await payWithCard(student, order.orderNo, card.rid);
    const removed = await post('/api/auth/cluster/delete4user', pi, { rid: community.rid, member_rid: student.member.rid });
    expect(removed).toMatchObject({ code: 1 });
    expect(await requestOf(order.id)).toMatchObject({ status: 'refused', reason: '您已离开该团体' });
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'unpaid' });
    // and the card no longer pays for them
    const again = await payWithCard(student, order.orderNo, card.rid);
    expect(again).toMatchObject({ status: 404 });
  });

  it('a refund returns the money to the community and the amount to the card and the allowance', async () => {
    const { pi, community, student, card } = await group({ fundsFen: 1_000_00, amount: '300' });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    expect(await payWithCard(student, order.orderNo, card.rid)).toMatchObject({ code: 1, data: { payment: 'paid' } });
    const blocked = await makeOrder(t, catalog, student.member.id, { amounts: [10_00] });
    expect(await payWithCard(student, blocked.orderNo, card.rid)).toMatchObject({ data: { payment: 'approval' } });
    const cancelled = await post<OrderSummary>('/api/auth/order/cancel', student, { order_no: order.orderNo, reason: '样品不合格' });
    expect(cancelled).toMatchObject({ code: 1 });
    expect(await balance(t, 'community', community.id)).toBe(1_000_00);
    const list = await post<GrantAllowance[]>('/api/auth/grant/allowances', pi, { card_rid: card.rid });
    expect(list.data.find((a) => a.memberRid === student.member.rid)).toMatchObject({ usedFen: 0 });
    expect((await post<GrantCard[]>('/api/auth/grant/cards', pi, { community_rid: community.rid })).data[0]).toMatchObject({ usedFen: 0 });
    const next = await makeOrder(t, catalog, student.member.id, { amounts: [300_00] });
    expect(await payWithCard(student, next.orderNo, card.rid)).toMatchObject({ data: { payment: 'paid' } });
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
  });

  it('a card past its end date pays nothing', async () => {
    const { student, card } = await group({ fundsFen: 1_000_00 });
    const order = await makeOrder(t, catalog, student.member.id, { amounts: [100_00] });
    // the card ended yesterday (the lab's day is 2026-11-20)
    await t.db.update(grantCards).set({ endDate: '2026-11-19' }).where(eq(grantCards.rid, card.rid));
    expect(await payWithCard(student, order.orderNo, card.rid)).toMatchObject({ status: 409, msg: GRANT_CARD_EXPIRED_MESSAGE });
    expect((await post<ReadyToPay>('/api/auth/order/ready2pay', student, { order_no: order.orderNo })).data.cards).toEqual([]);
    expect(await orderRow(t, order.orderNo)).toMatchObject({ payment: 'unpaid' });
  });

  it('50 parallel orders against one allowance book at most the allowance; the rest wait for the PI; the ledger holds', async () => {
    const { community, student, card } = await group({ fundsFen: 10_000_00, amount: '1000', autoLimit: '500' });
    const made = [];
    for (let i = 0; i < 50; i++) made.push(await makeOrder(t, catalog, student.member.id, { amounts: [70_00] }));
    const results = await Promise.all(made.map((o) => payWithCard(student, o.orderNo, card.rid)));
    expect(results.every((r) => r.code === 1)).toBe(true);
    const paid = results.filter((r) => r.data.payment === 'paid');
    expect(paid).toHaveLength(14); // 14 × ¥70 = ¥980 ≤ ¥1,000 < 15 × ¥70
    expect(results.filter((r) => r.data.payment === 'approval')).toHaveLength(36);
    const booked = await t.db.select().from(grantUsage).where(eq(grantUsage.memberId, student.member.id));
    expect(booked.reduce((s, u) => s + u.amountFen, 0)).toBe(980_00);
    expect(await balance(t, 'community', community.id)).toBe(10_000_00 - 980_00);
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
  });
});
