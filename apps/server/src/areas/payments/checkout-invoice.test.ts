import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InvoiceApplication, InvoiceTitle, Page } from '@lab/contract';
import { members } from '../accounts/accounts.tables';
import { invoiceApplications } from '../funds/funds.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { orders } from '../orders/orders.tables';
import { fund, orderRow, payer, type Who } from './payment.test-helpers';
import { gatewayPath, orderFor, post, startOrder, t, useOnlinePayContext } from './online-pay.test-helpers';

/**
 * The invoice chosen at checkout becomes the invoice request once the order is paid online
 * (issue 31, decision 0059); the order page reads its state with invoiceApply/list's order_no.
 */

useOnlinePayContext();

async function title(who: Who, form: Record<string, string>) {
  const res = await post<InvoiceTitle>('/api/auth/invoice/add', who, form);
  expect(res.status, res.msg).toBe(200);
  return res.data;
}

/** An unpaid order wanting this invoice (what order/add writes from 发票需求 and 发票抬头). */
async function orderWanting(who: Who, amountFen: number, type: number, titleRid?: string) {
  const order = await orderFor(who, amountFen);
  const titleId = titleRid ? (await t.db.query.invoiceTitles.findFirst({ where: (x, { eq: same }) => same(x.rid, titleRid) }))!.id : null;
  await t.db.update(orders).set({ invoiceType: type, invoiceTitleId: titleId }).where(eq(orders.id, order.id));
  return order;
}

async function payOnline(who: Who, orderNo: string, extra: Record<string, string> = {}) {
  const started = await startOrder(who, orderNo, extra);
  const url = started.start.kind === 'qr' ? gatewayPath(started.start.codeUrl) : '';
  await t.app.inject({ method: 'POST', url: `${url}/paid` });
  expect((await orderRow(t, orderNo)).payment).toBe('paid');
}

const invoicesOf = async (who: Who, orderNo: string) => (await post<Page<InvoiceApplication>>('/api/auth/invoiceApply/list', who, { order_no: orderNo })).data.list;
const messagesOf = async (who: Who) => (await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id))).map((m) => m.title);

describe('the invoice chosen at checkout', () => {
  it('paid online (part from the balance): one pending application for the online part, with the chosen title, found by the order number', async () => {
    const who = await payer(t, { address: true });
    const chosen = await title(who, { kind: 'unit', title: '某某大学', tax_no: '121000004250106167', email: 'cw@example.edu.cn' });
    await fund(t, 'member', who.member.id, 100_00);
    const order = await orderWanting(who, 300_00, 1, chosen.rid);
    const other = await orderFor(who, 50_00);
    expect(await invoicesOf(who, order.orderNo)).toEqual([]);

    await payOnline(who, order.orderNo, { use_balance: '1' });
    const [application, ...more] = await invoicesOf(who, order.orderNo);
    expect(more).toEqual([]);
    expect(application).toMatchObject({ status: 'pending', statusText: '待开票', type: 1, amountFen: 200_00, email: 'cw@example.edu.cn', title: { title: '某某大学', kind: 'unit' } });
    expect(application!.items).toEqual([{ kind: 'order', ref: order.orderNo, amountFen: 200_00, refunded: false }]);
    expect(await invoicesOf(who, other.orderNo)).toEqual([]);
    expect(await messagesOf(who)).toContain(`订单${order.orderNo}已申请开票`);
    // the order's money is on a live application: applying again by hand is refused
    const again = await post('/api/auth/invoiceApply/add', who, { type: 1, title_rid: chosen.rid, order_nos: order.orderNo });
    expect(again.status).toBe(409);
  });

  it('a paper invoice goes to the default address; an order paid from the balance alone, or wanting none, requests nothing', async () => {
    const who = await payer(t, { address: true });
    const chosen = await title(who, { kind: 'personal', title: '王同学' });
    const paper = await orderWanting(who, 120_00, 2, chosen.rid);
    await payOnline(who, paper.orderNo);
    expect((await invoicesOf(who, paper.orderNo))[0]).toMatchObject({ type: 2, amountFen: 120_00, receiver: '王同学', receiverPhone: '13800138000', receiverAddress: '上海市徐汇区漕溪北路1号' });

    await fund(t, 'member', who.member.id, 500_00);
    const fromBalance = await orderWanting(who, 80_00, 1, chosen.rid);
    expect((await post('/api/auth/order/pay', who, { order_no: fromBalance.orderNo })).status).toBe(200);
    const none = await orderWanting(who, 60_00, 0);
    await payOnline(who, none.orderNo);
    expect(await invoicesOf(who, fromBalance.orderNo)).toEqual([]);
    expect(await invoicesOf(who, none.orderNo)).toEqual([]);
    expect(await t.db.$count(invoiceApplications, eq(invoiceApplications.memberId, who.member.id))).toBe(1);
  });

  it('an e-invoice with no e-mail anywhere, or no title chosen: nothing requested, a message says where to apply', async () => {
    const who = await payer(t, { address: true });
    await t.db.update(members).set({ email: null }).where(eq(members.id, who.member.id));
    const chosen = await title(who, { kind: 'personal', title: '王同学' });
    const noEmail = await orderWanting(who, 100_00, 1, chosen.rid);
    const noTitle = await orderWanting(who, 100_00, 1);
    await payOnline(who, noEmail.orderNo);
    await payOnline(who, noTitle.orderNo);
    expect(await invoicesOf(who, noEmail.orderNo)).toEqual([]);
    expect(await invoicesOf(who, noTitle.orderNo)).toEqual([]);
    const titles = await messagesOf(who);
    expect(titles).toContain(`订单${noEmail.orderNo}的发票待您申请`);
    expect(titles).toContain(`订单${noTitle.orderNo}的发票待您申请`);
  });
});
