import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PromotionOverview } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { balanceOf, creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { attachReport } from '../orders/desk/progress.test-helpers';
import { fund, makeOrder, orderRow, type PaymentCatalog } from '../payments/payment.test-helpers';
import { promoterApplications } from './growth.tables';
import { termsVersionOf } from './growth.test-helpers';

export type Who = { token: string };
export type MemberWho = Awaited<ReturnType<typeof makeLoggedInMember>>;

/** The world of promotion.test.ts and withdrawals.test.ts, made in the test file's beforeAll. */
export interface PromotionWorld {
  t: TestContext;
  catalog: PaymentCatalog;
  sales: Who;
  lab: Who;
}

export const application = { name: '李老师', phone: '13912345678', organization: '复旦大学材料系', channel: '课题组与学院微信群' };
export const bank = { method: 'bank', account_name: '李老师', bank_name: '中国银行上海分行', bank_account: '6222020200112233' };

/** Calls, partners, invitees, paid and completed orders, rebate money — on the test file's own world. */
export function promotionKit(world: () => PromotionWorld) {
  const post = <T>(url: string, who: Who | undefined, form: Record<string, string | number | undefined> = {}) => call<T>(world().t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  const overview = async (who: Who) => (await post<PromotionOverview>('/api/auth/myPromotion/init', who)).data;
  const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(world().t.db, world().t.clock.now(), overrides);

  async function apply(who: Who) {
    return post<PromotionOverview>('/api/auth/promoter_apply/add', who, { ...application, terms_version: await termsVersionOf(world().t, who) });
  }
  async function ridOfApplication(memberId: number) {
    const [row] = await world().t.db.select().from(promoterApplications).where(eq(promoterApplications.memberId, memberId)).orderBy(desc(promoterApplications.id)).limit(1);
    return row!.rid;
  }
  /** A member who applied and was approved by sales. */
  async function partner(): Promise<MemberWho> {
    const who = await member({ name: '李老师' });
    expect((await apply(who)).code).toBe(1);
    const approved = await post('/api/admin/growth/partner/approve', world().sales, { rid: await ridOfApplication(who.member.id) });
    expect(approved.code).toBe(1);
    return who;
  }
  /** A member invited by the given one, with money to pay orders. */
  async function invitee(inviter: MemberWho, fundFen = 1_000_000_00) {
    const who = await member({ inviterId: inviter.member.id, organization: 3 });
    await fund(world().t, 'member', who.member.id, fundFen);
    return who;
  }
  /** An order of the member paid through order/pay. */
  async function paidOrder(who: MemberWho, amountFen = 3_000_00) {
    const order = await makeOrder(world().t, world().catalog, who.member.id, { amounts: [amountFen] });
    const paid = await post('/api/auth/order/pay', who, { order_no: order.orderNo, coupon_rid: 'none' });
    expect(paid.msg).toBe('支付成功');
    return orderRow(world().t, order.orderNo);
  }
  /** The lab's steps through to completed. */
  async function complete(orderNo: string) {
    const { t, lab } = world();
    for (const step of ['confirm', 'receive', 'test'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: orderNo })).code).toBe(1);
    await attachReport(t, (await orderRow(t, orderNo)).id);
    for (const step of ['deliver', 'complete'] as const) expect((await post(`/api/admin/orders/${step}`, lab, { order_no: orderNo })).code).toBe(1);
  }
  /** Rebate money straight onto a partner's account (for the withdrawal tests). */
  async function giveRebate(memberId: number, amountFen: number) {
    const { t } = world();
    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', memberId, 'rebate');
      await creditAccount(tx, account.id, amountFen, 'rebate_release', `rebate:test-${randomId()}`, systemActor, t.clock.now());
    });
  }
  const rebateBalance = (memberId: number) => balanceOf(world().t.db, 'member', memberId, 'rebate');
  return { post, overview, member, apply, ridOfApplication, partner, invitee, paidOrder, complete, giveRebate, rebateBalance };
}
