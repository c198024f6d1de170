import { and, eq, inArray } from 'drizzle-orm';
import { PRESTORE_ENTRY_TYPES, type CouponScope } from '@lab/contract';
import type { Db } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { makeLoggedInMember } from '../../../test/factories';
import type { TestContext } from '../../../test/harness';
import type { Clock } from '../../platform/clock';
import { serviceGroups, serviceItems } from '../catalog/catalog.tables';
import { accounts, couponTemplates, creditLines, ledgerEntries, memberCoupons } from '../funds/funds.tables';
import { ensureAccount, postEntry } from '../funds/ledger.service';
import { communities, communityMembers, memberAddresses, memberProfiles } from '../member/member.tables';
import { newOrderNo, type OrderRow } from '../orders/order-core';
import { orderLines, orders } from '../orders/orders.tables';

/**
 * Factories for the payment and settlement tests: orders and their lines are inserted
 * directly (the order/add call is tested on its own), money arrives as staff adjustments.
 */

/** What the factories need: the multi-instance and restart suites have a database and the wall clock, no app. */
export type DataContext = { db: Db; clock: Clock };

/** Two service groups of our own (type 1 送样检测 and type 3 数据分析) with one item each. */
export async function paymentCatalog(db: Db) {
  await db
    .insert(serviceGroups)
    .values([
      { id: 9101, typeId: 1, name: '测试组A', img: '/upload/img/a.svg' },
      { id: 9102, typeId: 3, name: '测试组B', img: '/upload/img/b.svg' },
    ])
    .onConflictDoNothing();
  const [a] = await db.insert(serviceItems).values({ rid: randomId(), typeId: 1, groupId: 9101, name: 'XRD 测试', img: '/x.svg', priceFen: 100_00, unit: '样' }).returning();
  const [b] = await db.insert(serviceItems).values({ rid: randomId(), typeId: 3, groupId: 9102, name: '数据拟合', img: '/y.svg', priceFen: 50_00, unit: '项' }).returning();
  return { a: a!, b: b! };
}
export type PaymentCatalog = Awaited<ReturnType<typeof paymentCatalog>>;

export type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;

/**
 * A member: organisation 0 学生 by default; `address` makes basic info complete; `attestation`
 * is the state of their 资料认证 review (approved: staff approved it — what pay-after-test needs).
 */
export async function payer(
  t: TestContext,
  options: { organization?: number | null; address?: boolean; creditFen?: number; attestation?: 'pending' | 'approved' | 'refused' } = {},
): Promise<Who> {
  const who = await makeLoggedInMember(t.db, t.clock.now(), { organization: options.organization === undefined ? 0 : options.organization, name: '王同学' });
  if (options.address) {
    await t.db.insert(memberAddresses).values({
      rid: randomId(),
      memberId: who.member.id,
      name: '王同学',
      phone: '13800138000',
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      addressCode: '310104',
      address: '漕溪北路1号',
      isDefault: true,
    });
  }
  if (options.creditFen) await t.db.insert(creditLines).values({ memberId: who.member.id, limitFen: options.creditFen });
  if (options.attestation) {
    const now = t.clock.now();
    await t.db.insert(memberProfiles).values({ memberId: who.member.id, address: '漕溪北路1号', attestedAt: now, reviewStatus: options.attestation, reviewedAt: options.attestation === 'pending' ? null : now });
  }
  return who;
}

/** Puts money on a member's or community's prepaid account (a staff adjustment). */
export async function fund(t: DataContext, ownerKind: 'member' | 'community', ownerId: number, amountFen: number) {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, ownerKind, ownerId);
    await postEntry(tx, { accountId: account.id, amountFen, type: 'adjustment', reference: `test:${randomId()}`, actor: { kind: 'system', id: null }, now: t.clock.now() });
  });
}

export async function balance(t: TestContext, ownerKind: 'member' | 'community', ownerId: number): Promise<number> {
  const [row] = await t.db
    .select({ balanceFen: accounts.balanceFen })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, ownerKind), eq(accounts.ownerId, ownerId), eq(accounts.kind, 'prestore')))
    .limit(1);
  return Number(row?.balanceFen ?? 0);
}

/** Every prepaid-funds ledger entry booked under a reference (the points an order earns share its reference). */
export const entriesOf = (t: TestContext, reference: string) =>
  t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.reference, reference), inArray(ledgerEntries.type, [...PRESTORE_ENTRY_TYPES])));

export interface OrderSeed {
  /** one line per amount (fen) */
  amounts?: number[];
  /** the item of each line: 'a' (type 1, group 9101) or 'b' (type 3, group 9102) */
  items?: ('a' | 'b')[];
  progress?: OrderRow['progress'];
  payment?: OrderRow['payment'];
  payLater?: boolean;
  couponRid?: string | null;
  createdAt?: Date;
}

/** An order of the member with its lines, inserted directly. */
export async function makeOrder(t: DataContext, catalog: PaymentCatalog, memberId: number, seed: OrderSeed = {}): Promise<OrderRow> {
  const amounts = seed.amounts ?? [300_00];
  const items = amounts.map((_, i) => catalog[seed.items?.[i] ?? 'a']);
  const total = amounts.reduce((s, a) => s + a, 0);
  const createdAt = seed.createdAt ?? t.clock.now();
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: newOrderNo(createdAt),
      memberId,
      progress: seed.progress ?? 'submitted',
      payment: seed.payment ?? 'unpaid',
      payLater: seed.payLater ?? false,
      title: items.map((i) => i.name).join('、'),
      lineCount: amounts.length,
      sampleCount: amounts.length,
      totalFen: total,
      couponRid: seed.couponRid ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await t.db.insert(orderLines).values(
    amounts.map((amountFen, i) => ({
      rid: randomId(),
      orderId: order!.id,
      itemId: items[i]!.id,
      name: items[i]!.name,
      img: items[i]!.img,
      typeId: items[i]!.typeId,
      groupId: items[i]!.groupId,
      unit: items[i]!.unit,
      count: 1,
      unitPriceFen: amountFen,
      amountFen,
      sort: i,
    })),
  );
  return order!;
}

export const orderRow = async (t: DataContext, orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

/** A coupon held by the member: ¥amount off (or percent off), threshold, scope, validity. */
export async function giveCoupon(
  t: DataContext,
  memberId: number,
  options: { amountFen?: number; offRateBp?: number; thresholdFen?: number; scope?: CouponScope; validFrom?: Date; validTo?: Date; name?: string } = {},
) {
  const now = t.clock.now();
  const [template] = await t.db
    .insert(couponTemplates)
    .values({
      rid: randomId(),
      name: options.name ?? '测试券',
      amountFen: options.offRateBp ? null : (options.amountFen ?? 50_00),
      offRateBp: options.offRateBp ?? null,
      thresholdFen: options.thresholdFen ?? 0,
      scope: options.scope ?? { kind: 'all' },
      claimable: false,
    })
    .returning();
  const [coupon] = await t.db
    .insert(memberCoupons)
    .values({
      rid: randomId(),
      templateId: template!.id,
      memberId,
      validFrom: options.validFrom ?? new Date(now.getTime() - 86_400_000),
      validTo: options.validTo ?? new Date(now.getTime() + 30 * 86_400_000),
    })
    .returning();
  return coupon!;
}

export const couponRow = async (t: DataContext, rid: string) => (await t.db.select().from(memberCoupons).where(eq(memberCoupons.rid, rid)))[0]!;

/** A community owned by the member (active, owner approved). */
export async function ownedCommunity(t: TestContext, ownerId: number, name = `课题组${randomId(4)}`) {
  const [row] = await t.db.insert(communities).values({ rid: randomId(), name, unit: '复旦大学', ownerMemberId: ownerId }).returning();
  await t.db.insert(communityMembers).values({ communityId: row!.id, memberId: ownerId, role: 'owner', status: 'approved' });
  return row!;
}
