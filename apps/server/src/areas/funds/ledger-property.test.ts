import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeMember } from '../../../test/factories';
import { queryRows } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { communities } from '../member/member.tables';
import { couponTemplates, memberCoupons } from './funds.tables';
import { creditAccount, ensureAccount, payFromFunds, refundToFunds, transferBetween, systemActor } from './ledger.service';
import { payWithFundsAndCoupon } from './coupon-redemption';
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
