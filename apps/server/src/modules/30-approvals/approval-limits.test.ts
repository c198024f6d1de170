import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalKind, ApprovalLimit, StaffRole } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { auditLog } from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { couponTemplates, ledgerEntries, memberCoupons } from '../../db/tables/funds.tables';
import { makeOrder, orderRow } from '../52-labdesk/progress.test-helpers';
import { limitOf } from './approval-gate';
import { approvalsContext, expectFiled, post, setLimit, type Staff } from './approvals.test-helpers';

/**
 * The limits (系统管理 → 审批额度), and every route that creates value held to them: each is
 * replayed with its maker's limit at ¥0 (filed, nothing booked) and again with a limit that
 * covers it (booked alone).
 */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof approvalsContext>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await approvalsContext(t);
});
afterAll(() => t?.close());

interface GatedRoute {
  url: string;
  /** the route's own audit action, so a renamed or removed route fails here */
  action: string;
  kind: ApprovalKind;
  maker: () => Staff;
  role: StaffRole;
  /** a valid call, fresh objects each time; `booked` says whether it took effect */
  attempt: () => Promise<{ form: Record<string, string>; booked: () => Promise<boolean> }>;
}

const gatedRoutes: GatedRoute[] = [
  {
    url: '/api/admin/funds/coupon/template/add',
    action: 'funds.couponTemplate.add',
    kind: 'coupon',
    role: 'sales',
    maker: () => ctx.sales,
    attempt: async () => {
      const name = `券${randomId(6)}`;
      return {
        form: { name, amount: '10', valid_days: '7', total_stock: '3' },
        booked: async () => (await t.db.select().from(couponTemplates).where(eq(couponTemplates.name, name))).length > 0,
      };
    },
  },
  {
    url: '/api/admin/funds/coupon/issue',
    action: 'funds.coupon.issue',
    kind: 'coupon',
    role: 'sales',
    maker: () => ctx.sales,
    attempt: async () => {
      const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '小额券', amountFen: 1_000, validDays: 7, claimable: false }).returning();
      const who = await makeLoggedInMember(t.db, t.clock.now());
      return {
        form: { rid: template!.rid, member_rid: who.member.rid },
        booked: async () => (await t.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, who.member.id))).length > 0,
      };
    },
  },
  {
    url: '/api/admin/orders/cancel',
    action: 'orders.cancel',
    kind: 'refund',
    role: 'sales',
    maker: () => ctx.sales,
    attempt: async () => {
      const who = await makeLoggedInMember(t.db, t.clock.now());
      const order = await makeOrder(t, ctx.item, who.member.id, { progress: 'awaiting_sample', payment: 'paid' });
      return { form: { order_no: order.orderNo, reason: '客户要求取消', refund_fen: String(order.paidFen) }, booked: async () => (await orderRow(t, order.orderNo)).payment === 'refunded' };
    },
  },
  {
    url: '/api/admin/funds/adjust',
    action: 'funds.account.adjust',
    kind: 'adjustment',
    role: 'finance',
    maker: () => ctx.finance,
    attempt: async () => {
      const who = await makeLoggedInMember(t.db, t.clock.now());
      const requestId = `limit-${randomId(8)}`;
      return {
        form: { owner_kind: 'member', owner_rid: who.member.rid, amount: '10', reason: '补录', request_id: requestId },
        booked: async () => (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, `adjust:${requestId}`))).length > 0,
      };
    },
  },
];

describe('every value-creating route is held to its maker\'s limit', () => {
  it('the routes exist as registered, each auditing its action', () => {
    for (const route of gatedRoutes) {
      const entry = t.app.routeTable.find((r) => r.method === 'POST' && r.url === route.url);
      expect(entry?.config.audit?.action, route.url).toBe(route.action);
    }
  });

  it('a new staff route that changes coupons, accounts or cancels orders is held to a limit or says why not', () => {
    // what changes these objects without creating value, and why it needs no second person
    const exempt: Record<string, string> = {
      'funds.couponTemplate.disable': 'stops a template: gives nothing away',
    };
    const touching = t.app.routeTable.filter((r) => {
      const spec = r.config.audit;
      return r.url.startsWith('/api/admin/') && spec && (['coupon', 'couponTemplate', 'account'].includes(spec.entity.name) || /cancel/.test(spec.action));
    });
    const unclassified = touching.filter((r) => !gatedRoutes.some((g) => g.url === r.url) && !exempt[r.config.audit!.action]).map((r) => `${r.method} ${r.url}`);
    expect(unclassified).toEqual([]);
    expect(touching.length).toBe(gatedRoutes.length + Object.keys(exempt).length);
  });

  for (const route of gatedRoutes) {
    it(`${route.url}: at a ¥0 limit it is filed and books nothing; a covering limit books it alone`, async () => {
      const before = await limitOf(t.db, route.role, route.kind);
      await setLimit(t, route.role, route.kind, 0);
      try {
        const first = await route.attempt();
        const filed = expectFiled(await post(t, route.url, route.maker(), first.form));
        expect(filed).toMatchObject({ kind: route.kind, makerLimitFen: 0, maker: { id: route.maker().id } });
        expect(await first.booked()).toBe(false);

        await setLimit(t, route.role, route.kind, 1_000_000);
        const second = await route.attempt();
        const res = await post(t, route.url, route.maker(), second.form);
        expect(res, res.msg).toMatchObject({ status: 200, code: 1 });
        expect(res.data).not.toHaveProperty('pendingApproval');
        expect(await second.booked()).toBe(true);
      } finally {
        await setLimit(t, route.role, route.kind, before);
      }
    });
  }
});

describe('审批额度 (admin)', () => {
  const limits = async (who: { token: string }) => (await post<ApprovalLimit[]>(t, '/api/admin/approvals/limits', who)).data;
  const save = (who: { token: string }, form: Record<string, string>) => post<ApprovalLimit>(t, '/api/admin/approvals/limits/save', who, form);

  it('everyone reads the limits, with the defaults of the migration for the roles that work with each kind', async () => {
    const rows = await limits(ctx.lab);
    const of = (role: string, kind: string) => rows.find((r) => r.role === role && r.kind === kind)?.limitFen;
    expect(of('sales', 'refund')).toBe(2_000_00);
    expect(of('lab', 'refund')).toBe(0);
    expect(of('finance', 'adjustment')).toBe(1_000_00);
    expect(of('admin', 'coupon')).toBeNull();
    expect(rows.find((r) => r.role === 'lab' && r.kind === 'coupon')).toBeUndefined();
  });

  it('only the admin changes one; blank is no limit, 0 is "always approve"; the change is audited', async () => {
    expect(await save(ctx.finance, { role: 'finance', kind: 'adjustment', limit: '999999' })).toMatchObject({ status: 403 });
    expect(await save(ctx.admin, { role: 'lab', kind: 'coupon', limit: '100' })).toMatchObject({ status: 400, msg: '该角色不办理此类业务，无需设置额度' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '-5' })).toMatchObject({ status: 400, msg: '[单笔上限]必须大于0' });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '12.345' })).toMatchObject({ status: 400, msg: '[单笔上限]最多保留两位小数' });

    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '0' })).toMatchObject({ code: 1, msg: '审批额度已保存', data: { limitFen: 0, updatedBy: '测试admin' } });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'approvals.limit'));
    expect(row).toMatchObject({ staffId: ctx.admin.id, targetKey: 'sales:coupon', before: { role: 'sales', kind: 'coupon', limitFen: 500_00 }, after: { role: 'sales', kind: 'coupon', limitFen: 0 } });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '' })).toMatchObject({ code: 1, data: { limitFen: null } });
    expect(await save(ctx.admin, { role: 'sales', kind: 'coupon', limit: '500' })).toMatchObject({ code: 1, data: { limitFen: 500_00 } });
  });
});
