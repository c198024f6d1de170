import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, AdminOrderRow, OrderDetail, OrderSummary, Page, ReadyToPay } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { freshToken, makeOrder, memberOf, pdfBytes, post, progressContext, uploadReport, type Who } from '../orders/desk/progress.test-helpers';
import { issueSession } from '../accounts/sessions.service';
import { PAY_LATER_NEEDS_ATTESTATION } from './pay-later';

/**
 * Pay-after-test (issue 16, hole 5): a self-declared student got a ¥47,500 order on credit,
 * because update4profile sets the organisation at once and the check ignored the review. Now
 * pay-later needs the attestation approved by staff, follows the review as it changes, and a
 * delivered pay-later order left unpaid is flagged to sales — the member keeps the report.
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const student = {
  name: '赵同学',
  email: 'zhao@example.edu.cn',
  organization: '0',
  company: '同济大学 材料学院',
  teacher: '孙教授',
  teacher_phone: '13700137009',
  teacher_mail: 'sun@example.edu.cn',
  province: '上海市',
  city: '上海市',
  area: '杨浦区',
  address_code: '310110',
  address: '四平路1239号',
};

const payLater = (who: Who, orderNo: string) => post<OrderSummary>(t, '/api/auth/order/payLater', who, { order_no: orderNo });
const standing = async (who: Who, orderNo: string) => (await post<ReadyToPay>(t, '/api/auth/order/ready2pay', who, { order_no: orderNo })).data.payLater;
const unpaidOrder = (memberId: number, totalFen: number) => makeOrder(t, ctx.item, memberId, { payment: 'unpaid', totalFen });

describe('pay-after-test needs an attestation approved by staff', () => {
  it('a new account that declares itself a student gets no credit until sales approve; a new submission or a refusal takes it away again', async () => {
    const who = await memberOf(t, { organization: null });
    expect((await post(t, '/api/auth/user/update4profile', who, student)).data).toMatchObject({ organization: 0, reviewStatus: 'pending' });

    // the attack: ¥47,500 on credit straight after declaring
    const big = await unpaidOrder(who.member.id, 47_500_00);
    expect(await standing(who, big.orderNo)).toMatchObject({ allowed: false, reason: PAY_LATER_NEEDS_ATTESTATION.pending });
    expect(await payLater(who, big.orderNo)).toMatchObject({ status: 409, code: 0, msg: PAY_LATER_NEEDS_ATTESTATION.pending });

    // staff approve the attestation: now it is allowed
    expect((await post(t, '/api/admin/attestation/approve', ctx.sales, { rid: who.member.rid })).code).toBe(1);
    expect(await standing(who, big.orderNo)).toMatchObject({ allowed: true, reason: '' });
    expect(await payLater(who, big.orderNo)).toMatchObject({ status: 200, code: 1, data: { payLater: true } });

    // the member submits again (another unit): pending again, no new credit until reviewed
    expect((await post(t, '/api/auth/user/update4profile', who, { ...student, company: '某某培训中心' })).data).toMatchObject({ reviewStatus: 'pending' });
    const next = await unpaidOrder(who.member.id, 1_000_00);
    expect(await payLater(who, next.orderNo)).toMatchObject({ status: 409, msg: PAY_LATER_NEEDS_ATTESTATION.pending });
    expect((await post(t, '/api/admin/attestation/refuse', ctx.sales, { rid: who.member.rid, reason: '单位信息无法核实' })).code).toBe(1);
    expect(await payLater(who, next.orderNo)).toMatchObject({ status: 409, msg: PAY_LATER_NEEDS_ATTESTATION.refused });
  });

  it('a delivered pay-later order left unpaid is flagged to sales with the days it waits, and its report stays downloadable', async () => {
    const who = await memberOf(t, { organization: null });
    await post(t, '/api/auth/user/update4profile', who, student);
    await post(t, '/api/admin/attestation/approve', ctx.sales, { rid: who.member.rid });
    const order = await unpaidOrder(who.member.id, 8_000_00);
    expect((await payLater(who, order.orderNo)).code).toBe(1);
    for (const step of ['confirm', 'receive', 'test'] as const) {
      expect((await post(t, `/api/admin/orders/${step}`, ctx.lab, { order_no: order.orderNo })).code, step).toBe(1);
    }
    const up = await uploadReport(t, ctx.lab, { order_no: order.orderNo }, { name: 'XRD报告.pdf', bytes: pdfBytes });
    expect((await post(t, '/api/admin/orders/deliver', ctx.lab, { order_no: order.orderNo })).data).toMatchObject({ payment: 'unsettled' });

    t.clock.advance(3 * 86_400_000 + 3_600_000);
    try {
      // three days on: the tokens of that morning have lapsed
      const sales = await issueSession(t.db, 'staff', ctx.sales.id, { now: t.clock.now() });
      const unsettled = await post<Page<AdminOrderRow>>(t, '/api/admin/orders/list', sales, { payment: 'unsettled', keyword: order.orderNo });
      expect(unsettled.data.list).toEqual([expect.objectContaining({ orderNo: order.orderNo, paymentText: '待结算', unsettledDays: 3 })]);
      const dashboard = (await post<AdminDashboard>(t, '/api/admin/dashboard', sales)).data;
      expect(dashboard.counts.unsettledOrders).toBeGreaterThanOrEqual(1);
      expect(dashboard.unsettled).toContainEqual(expect.objectContaining({ orderNo: order.orderNo, payableFen: 8_000_00, days: 3, memberPhone: who.member.phone }));

      // the member keeps the report while the order waits for settlement (the product's promise)
      const member = { token: (await freshToken(t, who.member.id)).token };
      expect((await post<OrderDetail>(t, '/api/auth/order/detail', member, { order_no: order.orderNo })).data.reports).toHaveLength(1);
      const file = await t.app.inject({ method: 'GET', url: '/api/auth/order/report', query: { order_no: order.orderNo, id: up.data[0]!.id }, headers: { token: member.token } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdfBytes)).toBe(true);

      // a paid order carries no flag
      const paid = await makeOrder(t, ctx.item, who.member.id, { progress: 'delivered', payment: 'paid' });
      expect((await post<Page<AdminOrderRow>>(t, '/api/admin/orders/list', sales, { keyword: paid.orderNo })).data.list[0]).toMatchObject({ unsettledDays: null });
    } finally {
      t.clock.advance(-(3 * 86_400_000 + 3_600_000));
    }
  });
});
