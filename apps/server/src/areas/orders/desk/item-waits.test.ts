import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisedWorkingDays, type ItemWait } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { serviceItems } from '../../catalog/catalog.tables';
import { staffAlerts } from '../../messages/staff-alerts.tables';
import { outbox, staffWxBindings } from '../../../db/schema';
import { makeStaff } from '../../../../test/factories';
import { memberOf, post, progressCalls, progressContext } from './progress.test-helpers';
import { checkSlippingEstimates } from './promise-alerts.service';

/** The typical current wait of an item (item page, order form) and the lab's alert when an estimate slips past the promise. */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;

beforeAll(async () => {
  // 10:00 on Monday 2 March 2026 in Shanghai
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));
const waits = (items: string) => t.app.inject({ method: 'GET', url: `/api/open/queue/waits?items=${encodeURIComponent(items)}` });

describe('promisedWorkingDays', () => {
  it('reads the upper end of the stated working days, and nothing from a text that states none', () => {
    expect(promisedWorkingDays('3–5 个工作日')).toBe(5);
    expect(promisedWorkingDays('7-10个工作日')).toBe(10);
    expect(promisedWorkingDays('5 个工作日')).toBe(5);
    expect(promisedWorkingDays('以客服确认为准')).toBeNull();
    expect(promisedWorkingDays('当天出结果')).toBeNull();
  });
});

describe('GET /api/open/queue/waits', () => {
  it('answers the wait a sample sent today would see, against the stated turnaround; unknown items are left out', async () => {
    await t.db.update(serviceItems).set({ turnaround: '3–5 个工作日' }).where(eq(serviceItems.id, ctx.item.id));
    await post(t, '/api/admin/queue/capacity', ctx.admin, { item_rid: ctx.item.rid, capacity_per_day: '1', default_min_days: '2', default_max_days: '4' });
    const empty = await waits(`${ctx.item.rid},no-such-item`);
    expect(empty.json().code).toBe(1);
    expect(empty.json().data).toEqual([
      { itemRid: ctx.item.rid, ahead: 0, minDays: 2, maxDays: 4, fromDay: '2026-03-04', toDay: '2026-03-06', basis: 'default', computedAt: t.clock.now().toISOString(), promisedDays: 5, beyondPromise: false },
    ]);

    // two samples queued at one a day: two more days, past the five promised — and nothing of whose they are
    const other = await memberOf(t, { name: '排队的老师' });
    const first = await order({ progress: 'received' }, other);
    await staffCall('test', ctx.lab, { order_no: first.row.orderNo });
    const [wait] = (await waits(ctx.item.rid)).json().data as ItemWait[];
    expect(wait).toMatchObject({ ahead: 2, minDays: 4, maxDays: 6, promisedDays: 5, beyondPromise: true });
    const text = (await waits(ctx.item.rid)).body;
    for (const secret of [first.row.orderNo, '排队的老师', other.member.phone]) expect(text).not.toContain(secret);
  });

  it('refuses no items or more than 20 with a Chinese message', async () => {
    const none = (await waits(' ')).json();
    expect(none.code).not.toBe(1);
    expect(none.msg).toContain('项目');
    const many = (await waits(Array.from({ length: 21 }, (_, i) => `r${i}`).join(','))).json();
    expect(many.msg).toContain('最多查询 20 个项目');
  });
});

describe('a slipping estimate', () => {
  it('alerts the lab once per sample whose estimate passes the promised day, and not for one within it — by WeChat to the lab staff who bound one', async () => {
    // one lab member bound a WeChat for the alerts, and the admin set the kind's template; another lab member has none
    const unbound = await makeStaff(t.db, 'lab', t.clock.now());
    await t.db.insert(staffWxBindings).values({ staffId: ctx.lab.id, appId: 'wx-local', openid: 'o-lab-slip', createdAt: t.clock.now() });
    await post(t, '/api/admin/messages/wechatTemplates/save', ctx.admin, { kind: 'estimate_slip', templateId: 'TPL_SLIP', fields: 'character_string1=sample\nthing2=estimate' });
    // the queue above: two samples received today, one a day, 2–4 days of service: both within the 5 promised
    expect(await checkSlippingEstimates(t.db, t.app.deps.sms, t.clock.now())).toEqual([]);
    // service now takes up to 5 days: the first is done by day 5 (within), the second by day 6 (past the promise)
    await post(t, '/api/admin/queue/capacity', ctx.admin, { item_rid: ctx.item.rid, capacity_per_day: '1', default_min_days: '2', default_max_days: '5' });
    const first = await checkSlippingEstimates(t.db, t.app.deps.sms, t.clock.now());
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/-1-2$/);
    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.key, `estimate:${first[0]}`));
    expect(alert).toMatchObject({ kind: 'estimate_slip', role: 'lab', link: `/admin/queue?rid=${ctx.item.rid}` });
    expect(alert!.content).toContain('晚于测试周期承诺的');
    // one template message queued for the bound lab member, none (and no SMS) for the other: the in-site alert is theirs
    const sent = await t.db.select().from(outbox).where(eq(outbox.template, 'estimate_slip'));
    expect(sent).toMatchObject([{ channel: 'wechat', recipient: 'o-lab-slip', vendorTemplate: 'TPL_SLIP', params: { character_string1: first[0] } }]);
    expect(sent[0]!.params.thing2).toMatch(/^\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}$/);
    expect(unbound.id).not.toBe(ctx.lab.id);
    // a second run (or instance) raises nothing new
    expect(await checkSlippingEstimates(t.db, t.app.deps.sms, t.clock.now())).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.template, 'estimate_slip'))).toHaveLength(1);
  });
});
