import type { OrderAddBody, OrderDetail, OrderPage, Plan, PricedOption } from '@lab/contract';
import { orderAddBody } from '@lab/contract';
import type { Db } from '../../db/client';
import { randomId } from '../../platform/crypto';
import { call, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { serviceGroups, serviceItems } from '../catalog/catalog.tables';
import { addAddress, saveMemberSettings } from '../member/test-helpers';
import { creditAccount, ensureAccount, payFromFunds } from '../funds/ledger.service';
import { eq } from 'drizzle-orm';
import { orderPaymentReference } from './cancel-core';
import { orders } from './orders.tables';
import { addLineToPlan } from './plan.service';
import { placeOrder as placeOrderService } from './orders.service';

/**
 * Factories for the ordering tests: catalogue items with options (inserted directly), a
 * member ready to order (an address on file), plan lines and orders through the services.
 */
export type Buyer = Awaited<ReturnType<typeof makeLoggedInMember>>;

/** The standard option of test items: 测试模式 常规 (+0) / 高分辨 (+50.00). */
export const modeOption: PricedOption = {
  id: 1,
  name: '测试模式',
  choices: [
    { id: 11, label: '常规', priceFen: 0 },
    { id: 12, label: '高分辨', priceFen: 5000 },
  ],
};

export async function ensureGroup(db: Db, id: number, typeId = 1, name = `测试分组${id}`) {
  await db.insert(serviceGroups).values({ id, typeId, name, img: '/upload/img/group.svg' }).onConflictDoNothing();
}

export interface ItemInput {
  name?: string;
  typeId?: number;
  groupId?: number;
  priceFen?: number;
  options?: PricedOption[];
  reservable?: boolean;
  published?: boolean;
  unit?: string;
}

/** A service item (group created when missing). Defaults: type 1, group 31, ¥100.00 a sample, the 测试模式 option. */
export async function makeItem(db: Db, input: ItemInput = {}) {
  const typeId = input.typeId ?? (input.reservable ? 2 : 1);
  const groupId = input.groupId ?? (typeId === 2 ? 50 : 31);
  await ensureGroup(db, groupId, typeId);
  const [row] = await db
    .insert(serviceItems)
    .values({
      rid: randomId(),
      typeId,
      groupId,
      name: input.name ?? `测试项目${randomId(4)}`,
      img: '/upload/img/item.svg',
      priceFen: input.priceFen ?? 10000,
      unit: input.unit ?? (typeId === 2 ? '小时' : '样'),
      options: input.options ?? [modeOption],
      reservable: input.reservable ?? typeId === 2,
      published: input.published ?? true,
      labLocation: '3号楼201',
    })
    .returning();
  return row!;
}

/** A logged-in member with an address on file and the site settings pickups need. */
export async function makeBuyer(t: TestContext, overrides: Parameters<typeof makeLoggedInMember>[2] = {}): Promise<Buyer> {
  await saveMemberSettings(t.db);
  const buyer = await makeLoggedInMember(t.db, t.clock.now(), { name: '王老师', organization: 3, ...overrides });
  await addAddress(t, buyer.token);
  return buyer;
}

/** A plan line through addLineToPlan (merges like tempDevice/add). */
export async function makePlanLine(
  db: Db,
  memberId: number,
  item: { id: number },
  input: { choices?: Record<string, number>; count?: number; note?: string } = {},
  now = new Date(),
) {
  return addLineToPlan(db, memberId, { itemId: item.id, choices: input.choices ?? { '1': 11 }, count: input.count ?? 1, note: input.note ?? '' }, now);
}

export const sample = (name = '样品A', count = 1) => ({ name, count, form: 'powder' as const, hazards: '', magnetic: false, returnWanted: false });

/** Places an order of the given plan line rids through the service (self-send unless told). */
export async function placeOrder(
  t: TestContext,
  buyer: Buyer,
  lineRids: string[],
  overrides: Partial<Omit<OrderAddBody, 'lines'>> & { samples?: ReturnType<typeof sample>[] } = {},
): Promise<OrderDetail> {
  const { samples, ...rest } = overrides;
  const body = orderAddBody.parse({ delivery: 'self', agree: true, lines: lineRids.map((id) => ({ id, samples: samples ?? [sample()] })), ...rest });
  return placeOrderService(t.db, buyer.member.id, body, t.clock.now());
}

/** An item in the plan and the order placed from it, in one step. */
export async function makeOrder(t: TestContext, buyer: Buyer, item?: { id: number }, overrides: Parameters<typeof placeOrder>[3] = {}) {
  const target = item ?? (await makeItem(t.db));
  const line = await makePlanLine(t.db, buyer.member.id, target, {}, t.clock.now());
  return placeOrder(t, buyer, [line.rid], overrides);
}

export const planOf = async (t: TestContext, token: string) => (await call<Plan>(t.app, 'POST', '/api/auth/tempDevice/list', { token })).data;

/** Puts money on a member's prestore account (a top-up entry). */
export async function fundMember(db: Db, memberId: number, amountFen: number, now = new Date()) {
  await db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', memberId);
    await creditAccount(tx, account.id, amountFen, 'topup', `test-topup:${randomId()}`, { kind: 'system', id: null }, now);
  });
}

/** Pays an order from the member's own funds through the ledger (what order/pay books), without a coupon. */
export async function payOrderFromFunds(db: Db, memberId: number, orderNo: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
    const amountFen = order!.totalFen - order!.discountFen;
    await payFromFunds(tx, { ownerKind: 'member', ownerId: memberId, amountFen, reference: orderPaymentReference(orderNo), actor: { kind: 'member', id: memberId }, now });
    await tx.update(orders).set({ payment: 'paid', paidFen: amountFen, paidFromKind: 'member', paidFromId: memberId, paidAt: now }).where(eq(orders.id, order!.id));
  });
}

type Form = Record<string, string | number | undefined>;

/**
 * The member's order calls of the orders tests (orders-*.test.ts), over the test context the
 * file created: `context` is read at each call, after beforeAll has set it.
 */
export function orderCalls(context: () => TestContext) {
  const post = <T = OrderDetail>(url: string, who: { token: string } | undefined, form: Form = {}) => call<T>(context().app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  const addOrder = (who: { token: string }, form: Form) => post('/api/auth/order/add', who, form);
  const detail = (who: { token: string }, orderNo: string) => post('/api/auth/order/detail', who, { order_no: orderNo });
  const listOrders = (who: { token: string }, form: Form = {}) => post<OrderPage>('/api/auth/order/list4person', who, form);
  const linesJson = (lines: { id: string; samples?: unknown[]; note?: string }[]) => JSON.stringify(lines.map((l) => ({ samples: [sample()], ...l })));
  const orderCount = async (memberId: number) => (await context().db.select().from(orders).where(eq(orders.memberId, memberId))).length;
  return { post, addOrder, detail, listOrders, linesJson, orderCount };
}
