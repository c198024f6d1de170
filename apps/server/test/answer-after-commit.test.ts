import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InvoiceTitle, OrderDetail } from '@lab/contract';
import { call, createTestContext, type TestContext } from './harness';
import { makeStaff } from './factories';
import { failAfterCommit } from './fail-after-commit';
import { orders, reservations } from '../src/areas/orders/orders.tables';
import { requirements } from '../src/areas/orders/requirements.tables';
import { couponTemplates, creditApplications, invoiceApplications, memberCoupons, prestoreApplications, transferApplications } from '../src/areas/funds/funds.tables';
import { communities } from '../src/areas/member/member.tables';
import { randomId } from '../src/platform/crypto';
import { promoterApplications, rebateWithdrawals } from '../src/areas/growth/growth.tables';
import { makeBuyer, makeItem, makePlanLine, sample } from '../src/areas/orders/test-helpers';
import { ownCommunity, topUpViaApi } from '../src/areas/funds/test-helpers';
import { creditAccount, ensureAccount, systemActor } from '../src/areas/funds/ledger.service';

/**
 * Issue 28, fault 12: a call that creates something answers from what its transaction returned,
 * never from a read after the commit. The app's database here saves the row and then goes away
 * (test/fail-after-commit.ts): a call that reads its row back after the commit would answer 503
 * while the row is saved — the client retries and places the order twice. Each call must answer
 * 200 with the row it saved.
 */

let t: TestContext;
let fault: ReturnType<typeof failAfterCommit>;
let finance: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  t = await createTestContext({
    now: '2026-03-06T02:00:00Z',
    appDb: (db) => (fault = failAfterCommit(db)).db,
  });
  finance = await makeStaff(t.db, 'finance', t.clock.now());
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof makeBuyer>>;
const post = <T = unknown>(who: Who, url: string, form: Record<string, string | number>) => call<T>(t.app, 'POST', url, { token: who.token, form });

/** The call with the database going away after its commit: the answer, and how many statements came too late. */
async function afterCommitFails<T>(who: Who, url: string, form: Record<string, string | number>) {
  fault.arm();
  try {
    return await post<T>(who, url, form);
  } finally {
    const refused = fault.disarm();
    expect(refused, `${url}: no statement on the database after its commit`).toBe(0);
  }
}

describe('a create call answers from its own transaction', () => {
  it('order/add', async () => {
    const buyer = await makeBuyer(t);
    const line = await makePlanLine(t.db, buyer.member.id, await makeItem(t.db), {}, t.clock.now());
    const res = await afterCommitFails<OrderDetail>(buyer, '/api/auth/order/add', { lines: JSON.stringify([{ id: line.rid, samples: [sample()] }]), delivery: 'self', agree: 1 });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(orders).where(eq(orders.memberId, buyer.member.id));
    expect(res.data).toMatchObject({ orderNo: saved!.orderNo, totalFen: saved!.totalFen });
    expect(res.data.lines).toHaveLength(1);
  });

  it('reservation/add', async () => {
    const buyer = await makeBuyer(t);
    const item = await makeItem(t.db, { reservable: true, options: [] });
    const res = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/reservation/add', { rid: item.rid, date: '2026-03-09', hours: '[9,10]' });
    expect(res.status, res.msg).toBe(200);
    expect((await t.db.select().from(reservations).where(eq(reservations.memberId, buyer.member.id))).map((r) => r.rid)).toEqual([res.data.rid]);
  });

  it('prestoreApply/add', async () => {
    const buyer = await makeBuyer(t);
    const res = await afterCommitFails<{ applyNo: string }>(buyer, '/api/auth/prestoreApply/add', { amount: '5000' });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(prestoreApplications).where(eq(prestoreApplications.memberId, buyer.member.id));
    expect(res.data.applyNo).toBe(saved!.applyNo);
  });

  it('demand/add', async () => {
    const buyer = await makeBuyer(t);
    const res = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/demand/add', { title: 'XRD 物相分析', content: '锂电正极材料', samples: '粉末 3 个', contact: '王老师', phone: '13800138000' });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(requirements).where(eq(requirements.memberId, buyer.member.id));
    expect(res.data.rid).toBe(saved!.rid);
  });

  it('invoiceApply/add', async () => {
    const buyer = await makeBuyer(t);
    const title = await post<InvoiceTitle>(buyer, '/api/auth/invoice/add', { kind: 'personal', title: '王老师', email: 'w@example.com' });
    const topUp = await topUpViaApi(t, buyer, finance, '1000');
    const res = await afterCommitFails<{ rid: string; amountFen: number }>(buyer, '/api/auth/invoiceApply/add', { type: 1, title_rid: title.data.rid, prestore_rids: topUp.rid });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(invoiceApplications).where(eq(invoiceApplications.memberId, buyer.member.id));
    expect(res.data).toMatchObject({ rid: saved!.rid, amountFen: 1000_00 });
  });

  it('transferApply/add', async () => {
    const buyer = await makeBuyer(t);
    await topUpViaApi(t, buyer, finance, '1000');
    const community = await ownCommunity(t, buyer);
    const res = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/transferApply/add', { community_rid: community.rid, direction: 'toCommunity', amount: '100' });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(transferApplications).where(eq(transferApplications.memberId, buyer.member.id));
    expect(res.data.rid).toBe(saved!.rid);
  });

  it('creditApply/operate (apply)', async () => {
    const buyer = await makeBuyer(t);
    const res = await afterCommitFails<{ applications: { rid: string }[] }>(buyer, '/api/auth/creditApply/operate', { action: 'apply', limit: '20000', reason: '课题组测试经费统一结算', contact: '王老师' });
    expect(res.status, res.msg).toBe(200);
    const [saved] = await t.db.select().from(creditApplications).where(eq(creditApplications.memberId, buyer.member.id));
    expect(res.data.applications.map((a) => a.rid)).toContain(saved!.rid);
  });

  it('promoter_apply/add and promoter_rebate_withdraw/add', async () => {
    const buyer = await makeBuyer(t);
    const terms = (await post<{ terms: { version: number } }>(buyer, '/api/auth/myPromotion/init', {})).data.terms.version;
    const applied = await afterCommitFails<{ status: string }>(buyer, '/api/auth/promoter_apply/add', { name: '王老师', phone: '13800138000', organization: '复旦大学', channel: '课题组', terms_version: terms });
    expect(applied.status, applied.msg).toBe(200);
    expect(applied.data.status).toBe('pending');
    expect(await t.db.select().from(promoterApplications).where(eq(promoterApplications.memberId, buyer.member.id))).toHaveLength(1);

    await t.db.transaction(async (tx) => {
      const account = await ensureAccount(tx, 'member', buyer.member.id, 'rebate');
      await creditAccount(tx, account.id, 200_00, 'rebate_release', 'rebate:after-commit-test', systemActor, t.clock.now());
    });
    const withdrawn = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/promoter_rebate_withdraw/add', { amount: '150', method: 'prestore' });
    expect(withdrawn.status, withdrawn.msg).toBe(200);
    const [saved] = await t.db.select().from(rebateWithdrawals).where(eq(rebateWithdrawals.memberId, buyer.member.id));
    expect(withdrawn.data.rid).toBe(saved!.rid);
  });

  it('discount4user/add, tempDevice/add and cluster/add', async () => {
    const buyer = await makeBuyer(t); // organisation 3 老师: may create a community
    const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '故障测试券', amountFen: 10_00, validDays: 30 }).returning();
    const claimed = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/discount4user/add', { rid: template!.rid });
    expect(claimed.status, claimed.msg).toBe(200);
    expect((await t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, buyer.member.id))).map((c) => c.rid)).toEqual([claimed.data.rid]);

    const item = await makeItem(t.db);
    const planned = await afterCommitFails<{ dataArr: unknown[] }>(buyer, '/api/auth/tempDevice/add', { rid: item.rid, count: 1, options: JSON.stringify({ '1': 11 }) });
    expect(planned.status, planned.msg).toBe(200);
    expect(planned.data.dataArr).toHaveLength(1);

    const created = await afterCommitFails<{ rid: string }>(buyer, '/api/auth/cluster/add', { name: '王老师课题组（故障测试）', unit: '复旦大学' });
    expect(created.status, created.msg).toBe(200);
    expect((await t.db.select().from(communities).where(eq(communities.ownerMemberId, buyer.member.id))).map((c) => c.rid)).toEqual([created.data.rid]);
  });
});
