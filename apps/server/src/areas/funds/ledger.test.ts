import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_TOO_LOW_MESSAGE } from '@lab/contract';
import { createTestContext, testDbKind, type TestContext } from '../../../test/harness';
import { makeMember } from '../../../test/factories';
import { queryRows } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
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

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : String(error));

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

// ---- property: random sequences against a simple model ----

type Op =
  | { kind: 'topup'; to: 'member' | 'community'; amount: number; ref: number }
  | { kind: 'pay'; from: 'member' | 'community'; amount: number; ref: number }
  | { kind: 'payCoupon'; amount: number; ref: number; coupon: number }
  | { kind: 'refund'; from: 'member' | 'community'; amount: number; ref: number }
  | { kind: 'transfer'; direction: 'toCommunity' | 'toMember'; amount: number; ref: number };

const side = fc.constantFrom<'member' | 'community'>('member', 'community');
const amount = fc.integer({ min: 1, max: 5_000 });
// few references, so repeats (idempotency) happen often
const ref = fc.integer({ min: 0, max: 5 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topup' as const), to: side, amount, ref }),
  fc.record({ kind: fc.constant('pay' as const), from: side, amount, ref }),
  fc.record({ kind: fc.constant('payCoupon' as const), amount, ref, coupon: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('refund' as const), from: side, amount, ref }),
  fc.record({ kind: fc.constant('transfer' as const), direction: fc.constantFrom<'toCommunity' | 'toMember'>('toCommunity', 'toMember'), amount, ref }),
);

/** The model: balances and the set of (account, type, reference) booked, with amounts. */
class Model {
  balance = { member: 0, community: 0 };
  booked = new Map<string, number>();
  couponUsed = [false, false, false];
  readonly couponValue = [300, 1_000, 7_000];
  readonly couponThreshold = [0, 1_500, 0];

  private book(account: 'member' | 'community', type: string, reference: string, amountFen: number): 'ok' | 'dup' | 'low' {
    const key = `${account}|${type}|${reference}`;
    if (this.booked.has(key)) return 'dup';
    if (this.balance[account] + amountFen < 0) return 'low';
    this.balance[account] += amountFen;
    this.booked.set(key, amountFen);
    return 'ok';
  }

  /** answers the error code the real ledger must give, or null */
  apply(op: Op): string | null {
    switch (op.kind) {
      case 'topup':
        this.book(op.to, 'topup', `t${op.ref}`, op.amount);
        return null;
      case 'pay':
        return this.book(op.from, 'payment', `o${op.ref}`, -op.amount) === 'low' ? 'BALANCE_TOO_LOW' : null;
      case 'payCoupon': {
        if (this.couponUsed[op.coupon]) return 'COUPON_USED';
        if (op.amount < this.couponThreshold[op.coupon]!) return 'COUPON_THRESHOLD';
        const paid = op.amount - Math.min(this.couponValue[op.coupon]!, op.amount);
        if (paid > 0) {
          const key = `member|payment|o${op.ref}`;
          if (!this.booked.has(key) && this.balance.member < paid) return 'BALANCE_TOO_LOW';
          this.book('member', 'payment', `o${op.ref}`, -paid);
        }
        this.couponUsed[op.coupon] = true;
        return null;
      }
      case 'refund': {
        const paid = this.booked.get(`${op.from}|payment|o${op.ref}`);
        if (paid === undefined) return 'NOT_FOUND';
        if (op.amount > -paid) return 'BAD_REQUEST';
        this.book(op.from, 'refund', `o${op.ref}`, op.amount);
        return null;
      }
      case 'transfer': {
        const [from, to] = op.direction === 'toCommunity' ? (['member', 'community'] as const) : (['community', 'member'] as const);
        if (this.book(from, 'transfer_out', `x${op.ref}`, -op.amount) === 'low') return 'BALANCE_TOO_LOW';
        this.book(to, 'transfer_in', `x${op.ref}`, op.amount);
        return null;
      }
    }
  }
}

async function runReal(op: Op, ctx: Awaited<ReturnType<typeof setup>>, coupons: { rid: string }[]): Promise<string | null> {
  const owner = (s: 'member' | 'community') => (s === 'member' ? { ownerKind: 'member' as const, ownerId: ctx.member.id } : { ownerKind: 'community' as const, ownerId: ctx.community.id });
  const account = (s: 'member' | 'community') => (s === 'member' ? ctx.memberAccount.id : ctx.communityAccount.id);
  try {
    switch (op.kind) {
      case 'topup':
        await topUp(account(op.to), op.amount, `t${op.ref}`);
        break;
      case 'pay':
        await payFromFunds(t.db, { ...owner(op.from), amountFen: op.amount, reference: `o${op.ref}` });
        break;
      case 'payCoupon':
        await payWithFundsAndCoupon(t.db, { ...owner('member'), memberId: ctx.member.id, amountFen: op.amount, reference: `o${op.ref}`, couponRid: coupons[op.coupon]!.rid, now: now() });
        break;
      case 'refund':
        await refundToFunds(t.db, { ...owner(op.from), amountFen: op.amount, reference: `o${op.ref}` });
        break;
      case 'transfer': {
        const [from, to] = op.direction === 'toCommunity' ? [ctx.memberAccount.id, ctx.communityAccount.id] : [ctx.communityAccount.id, ctx.memberAccount.id];
        await t.db.transaction((tx) => transferBetween(tx, { fromAccountId: from, toAccountId: to, amountFen: op.amount, reference: `x${op.ref}`, actor: systemActor, now: now() }));
        break;
      }
    }
    return null;
  } catch (error) {
    return codeOf(error);
  }
}

describe('ledger property', () => {
  it('random top-ups, payments, refunds, transfers and coupon redemptions match the model: no negative balance, balance = sum of entries, nothing booked twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ctx = await setup();
        const model = new Model();
        const coupons = [];
        for (let i = 0; i < 3; i += 1) coupons.push(await makeCoupon(ctx.member.id, model.couponValue[i]!, model.couponThreshold[i]!));
        for (const op of ops) {
          const expected = model.apply(op);
          const actual = await runReal(op, ctx, coupons);
          expect(actual, JSON.stringify(op)).toBe(expected);
        }
        for (const [key, acct] of [
          ['member', ctx.memberAccount.id],
          ['community', ctx.communityAccount.id],
        ] as const) {
          const sum = await ledgerSum(t.db, acct);
          expect(sum.balanceFen).toBe(model.balance[key]);
          expect(sum.sumFen).toBe(sum.balanceFen);
          expect(sum.balanceFen).toBeGreaterThanOrEqual(0);
          expect(sum.entries).toBe([...model.booked.keys()].filter((k) => k.startsWith(`${key}|`)).length);
        }
        const twice = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from (select 1 from ledger_entries where account_id in (${ctx.memberAccount.id}, ${ctx.communityAccount.id}) group by account_id, type, reference having count(*) > 1) d`,
        );
        expect(twice[0]?.n).toBe(0);
        const used = await t.db.select({ status: memberCoupons.status }).from(memberCoupons).where(eq(memberCoupons.memberId, ctx.member.id)).orderBy(memberCoupons.id);
        expect(used.map((c) => c.status === 'used')).toEqual(model.couponUsed);
      }),
      { numRuns: 50 },
    );
  }, 60_000);
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
