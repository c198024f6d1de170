import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE } from '@lab/contract';
import { createTestContext, testDbKind, type TestContext } from '../../../test/harness';
import { makeMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { communities } from '../member/member.tables';
import { accounts, couponTemplates, ledgerEntries, memberCoupons } from './funds.tables';
import { creditAccount, ensureAccount, payFromFunds, postEntry, refundToFunds, transferBetween, systemActor } from './ledger.service';
import { COUPON_USED_MESSAGE, payWithFundsAndCoupon } from './coupon-redemption';
import { ledgerSum } from './balance-history';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
});
afterAll(() => t.close());

const now = () => t.clock.now();

async function setup() {
  const member = await makeMember(t.db, { organization: 3 });
  const [community] = await t.db.insert(communities).values({ rid: randomId(), name: `课题组${randomId(4)}`, unit: '复旦大学', ownerMemberId: member.id }).returning();
  const memberAccount = await ensureAccount(t.db, 'member', member.id);
  const communityAccount = await ensureAccount(t.db, 'community', community!.id);
  return { member, community: community!, memberAccount, communityAccount };
}

async function topUp(accountId: number, amountFen: number, reference = randomId()) {
  return t.db.transaction((tx) => creditAccount(tx, accountId, amountFen, 'topup', reference, systemActor, now()));
}

async function makeCoupon(memberId: number, amountFen: number, thresholdFen = 0) {
  const [template] = await t.db
    .insert(couponTemplates)
    .values({ rid: randomId(), name: `立减${amountFen / 100}`, amountFen, thresholdFen, validDays: 30 })
    .returning();
  const [coupon] = await t.db
    .insert(memberCoupons)
    .values({ rid: randomId(), templateId: template!.id, memberId, validFrom: new Date(now().getTime() - 1000), validTo: new Date(now().getTime() + 86_400_000) })
    .returning();
  return coupon!;
}


describe('postEntry', () => {
  it('books once per reference and refuses an overdraft, leaving nothing behind', async () => {
    const { memberAccount } = await setup();
    const first = await topUp(memberAccount.id, 10_000, 'prestore:A');
    const again = await topUp(memberAccount.id, 10_000, 'prestore:A');
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, entry: { id: first.entry.id } });
    await expect(payFromFunds(t.db, { ownerKind: 'member', ownerId: memberAccount.ownerId, amountFen: 10_001, reference: 'order:1' })).rejects.toMatchObject({
      code: 'BALANCE_TOO_LOW',
      status: 409,
      message: BALANCE_TOO_LOW_MESSAGE,
    });
    const paid = await payFromFunds(t.db, { ownerKind: 'member', ownerId: memberAccount.ownerId, amountFen: 10_000, reference: 'order:1' });
    expect(paid.entry).toMatchObject({ amountFen: -10_000, balanceAfterFen: 0, type: 'payment' });
    expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 0, sumFen: 0, entries: 2 });
  });

  it('refuses zero and non-integer amounts', async () => {
    const { memberAccount } = await setup();
    await expect(t.db.transaction((tx) => postEntry(tx, { accountId: memberAccount.id, amountFen: 0, type: 'adjustment', reference: 'x', actor: systemActor, now: now() }))).rejects.toThrow('[金额]必须大于0');
    await expect(t.db.transaction((tx) => postEntry(tx, { accountId: memberAccount.id, amountFen: 1.5, type: 'adjustment', reference: 'y', actor: systemActor, now: now() }))).rejects.toThrow('[金额]必须大于0');
  });

  it('keeps entries immutable: UPDATE, DELETE and TRUNCATE raise; the balance cannot go negative even directly', async () => {
    const { memberAccount } = await setup();
    const { entry } = await topUp(memberAccount.id, 500);
    await expect(t.db.update(ledgerEntries).set({ amountFen: 5_000_000 }).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    await expect(t.db.update(accounts).set({ balanceFen: -1 }).where(eq(accounts.id, memberAccount.id))).rejects.toThrow();
    expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 500, sumFen: 500, entries: 1 });
  });

  it('refunds at most what a payment took, once', async () => {
    const { member, memberAccount } = await setup();
    await topUp(memberAccount.id, 1_000);
    const pay = { ownerKind: 'member' as const, ownerId: member.id, reference: 'order:R1' };
    await payFromFunds(t.db, { ...pay, amountFen: 600 });
    await expect(refundToFunds(t.db, { ...pay, amountFen: 601 })).rejects.toThrow('退款金额不能超过支付金额');
    await expect(refundToFunds(t.db, { ...pay, reference: 'order:none', amountFen: 1 })).rejects.toMatchObject({ status: 404 });
    expect((await refundToFunds(t.db, { ...pay, amountFen: 600 })).duplicate).toBe(false);
    expect((await refundToFunds(t.db, { ...pay, amountFen: 600 })).duplicate).toBe(true);
    expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 1_000, sumFen: 1_000, entries: 3 });
  });
});

// ---- concurrency: settled by the database ----

const rounds = testDbKind === 'postgres' ? 20 : 3;

describe('concurrent spending', () => {
  it(`50 concurrent payments against a balance covering one: exactly one succeeds, 49 hear ${BALANCE_TOO_LOW_MESSAGE} (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { member, memberAccount } = await setup();
      await topUp(memberAccount.id, 9_900);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => payFromFunds(t.db, { ownerKind: 'member', ownerId: member.id, amountFen: 9_900, reference: `order:${round}-${i}` })),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const r of refused) expect(r.reason).toMatchObject({ code: 'BALANCE_TOO_LOW', status: 409, message: BALANCE_TOO_LOW_MESSAGE });
      expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 0, sumFen: 0, entries: 2 });
    }
  }, 120_000);

  it(`50 concurrent payments of the same reference book once (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { member, memberAccount } = await setup();
      await topUp(memberAccount.id, 100_000);
      const results = await Promise.all(Array.from({ length: 50 }, () => payFromFunds(t.db, { ownerKind: 'member', ownerId: member.id, amountFen: 1_000, reference: `order:same-${round}` })));
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
      expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 99_000, sumFen: 99_000, entries: 2 });
    }
  }, 120_000);

  it(`50 concurrent redemptions of one single-use coupon: exactly one succeeds (${rounds} rounds)`, async () => {
    for (let round = 0; round < rounds; round += 1) {
      const { member, memberAccount } = await setup();
      await topUp(memberAccount.id, 1_000_000);
      const coupon = await makeCoupon(member.id, 5_000);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          payWithFundsAndCoupon(t.db, { ownerKind: 'member', ownerId: member.id, memberId: member.id, amountFen: 20_000, reference: `order:c${round}-${i}`, couponRid: coupon.rid, now: now() }),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const r of refused) expect(r.reason).toMatchObject({ code: 'COUPON_USED', status: 409, message: COUPON_USED_MESSAGE });
      // only the one order with the coupon was paid (its discounted amount)
      expect(await ledgerSum(t.db, memberAccount.id)).toEqual({ balanceFen: 1_000_000 - 15_000, sumFen: 1_000_000 - 15_000, entries: 2 });
    }
  }, 120_000);

  it('opposite transfers between two accounts do not deadlock and conserve money', async () => {
    const { memberAccount, communityAccount } = await setup();
    await topUp(memberAccount.id, 50_000);
    await topUp(communityAccount.id, 50_000);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        t.db.transaction((tx) =>
          transferBetween(tx, {
            fromAccountId: i % 2 ? memberAccount.id : communityAccount.id,
            toAccountId: i % 2 ? communityAccount.id : memberAccount.id,
            amountFen: 2_000,
            reference: `x${i}`,
            actor: systemActor,
            now: now(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    const [a, b] = [await ledgerSum(t.db, memberAccount.id), await ledgerSum(t.db, communityAccount.id)];
    expect(a.balanceFen + b.balanceFen).toBe(100_000);
    expect(a.balanceFen).toBe(a.sumFen);
    expect(b.balanceFen).toBe(b.sumFen);
  }, 60_000);
});
