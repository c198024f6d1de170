import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressStatuses, progressTransitions, type ProgressStatus } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { refundShown } from '../../../../test/decision-pins';
import { staffSteps, type StaffAction } from './progress.service';
import { attachReport, eventsOf, orderRow, progressCalls, progressContext } from './progress.test-helpers';

/** Who may call the staff order API, and which staff step each order status allows (every status × every action). */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;
const START = '2026-03-02T02:00:00Z';

beforeAll(async () => {
  t = await createTestContext({ now: START });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));

describe('who may call the staff order API', () => {
  it('needs a staff token: none → 401, a member token → 403', async () => {
    const { m, row } = await order();
    expect(await staffCall('list', undefined, {})).toMatchObject({ status: 401, code: 0 });
    expect(await staffCall('list', m, {})).toMatchObject({ status: 403, code: 0 });
    expect(await staffCall('confirm', m, { order_no: row.orderNo })).toMatchObject({ status: 403, code: 0 });
    expect((await orderRow(t, row.orderNo)).progress).toBe('submitted');
  });

  it('finance cannot touch orders (403 on every call)', async () => {
    const { row } = await order({ progress: 'testing' });
    for (const action of ['list', 'detail', 'confirm', 'receive', 'test', 'deliver', 'complete', 'retest', 'cancel', 'report/delete']) {
      const res = await staffCall(action, ctx.finance, { order_no: row.orderNo, reason: '测试', id: 'x' });
      expect(res, action).toMatchObject({ status: 403, code: 0, msg: '您的角色无权进行此操作' });
    }
    expect((await orderRow(t, row.orderNo)).progress).toBe('testing');
  });

  it('sales lists, reads, confirms and cancels, but cannot receive, test, deliver, complete or re-test', async () => {
    const submitted = await order();
    expect(await staffCall('list', ctx.sales, {})).toMatchObject({ status: 200, code: 1 });
    expect(await staffCall('detail', ctx.sales, { order_no: submitted.row.orderNo })).toMatchObject({ status: 200, code: 1 });
    expect(await staffCall('confirm', ctx.sales, { order_no: submitted.row.orderNo })).toMatchObject({ status: 200, code: 1, data: { progress: 'awaiting_sample' } });
    const cases: [StaffAction, ProgressStatus][] = [
      ['receive', 'awaiting_sample'],
      ['test', 'received'],
      ['deliver', 'testing'],
      ['complete', 'delivered'],
      ['retest', 'delivered'],
    ];
    for (const [action, progress] of cases) {
      const { row } = await order({ progress });
      await attachReport(t, row.id);
      expect(await staffCall(action, ctx.sales, { order_no: row.orderNo }), action).toMatchObject({ status: 403, code: 0 });
      expect((await orderRow(t, row.orderNo)).progress).toBe(progress);
    }
    const other = await order({ progress: 'received' });
    expect(await staffCall('cancel', ctx.sales, { order_no: other.row.orderNo, reason: '客户要求', refund_fen: String(await refundShown(t.db, other.row.orderNo)) })).toMatchObject({ status: 200, code: 1, data: { progress: 'cancelled' } });
  });

  it('lab and admin may do every step', async () => {
    const a = await order({ progress: 'awaiting_sample' });
    expect(await staffCall('receive', ctx.lab, { order_no: a.row.orderNo })).toMatchObject({ status: 200, code: 1, msg: '已确认收样' });
    const b = await order({ progress: 'awaiting_sample' });
    expect(await staffCall('receive', ctx.admin, { order_no: b.row.orderNo })).toMatchObject({ status: 200, code: 1 });
    const c = await order();
    expect(await staffCall('confirm', ctx.lab, { order_no: c.row.orderNo })).toMatchObject({ status: 200, code: 1, msg: '订单已确认' });
  });
});

describe('every status × every staff action: allowed or 409', () => {
  const actions: (StaffAction | 'cancel')[] = ['confirm', 'receive', 'test', 'deliver', 'complete', 'retest', 'cancel'];
  const target = (action: StaffAction | 'cancel'): ProgressStatus => (action === 'cancel' ? 'cancelled' : staffSteps[action].to);
  const allowed = (status: ProgressStatus, action: StaffAction | 'cancel') =>
    action === 'cancel' ? progressTransitions[status].includes('cancelled') : status === staffSteps[action].from;
  const cases = progressStatuses.flatMap((status) => actions.map((action) => [status, action, allowed(status, action)] as const));

  it('each step is a change the lifecycle allows', () => {
    for (const step of Object.values(staffSteps)) expect(progressTransitions[step.from]).toContain(step.to);
    // staff may cancel until the data is delivered
    expect(cases.filter(([, action, ok]) => action === 'cancel' && ok).map(([status]) => status)).toEqual(['submitted', 'awaiting_sample', 'received', 'testing']);
  });

  it.each(cases)('%s + %s → allowed %s', async (status, action, ok) => {
    const { row } = await order({ progress: status, payment: 'paid' });
    await attachReport(t, row.id);
    const res = await staffCall(action, ctx.admin, { order_no: row.orderNo, note: '表驱动', reason: '表驱动取消', refund_fen: String(await refundShown(t.db, row.orderNo)) });
    const after = await orderRow(t, row.orderNo);
    if (ok) {
      expect(res).toMatchObject({ status: 200, code: 1, data: { orderNo: row.orderNo, progress: target(action) } });
      expect(after.progress).toBe(target(action));
      const events = await eventsOf(t, row.id);
      expect(events.some((e) => e.status === target(action) && e.actorKind === 'staff' && e.actorName === '测试admin')).toBe(true);
    } else {
      expect(res.status).toBe(409);
      expect(res.code).toBe(0);
      expect(res.msg).toMatch(/^订单当前为「.+」，不能/);
      expect(after.progress).toBe(status);
      expect(await eventsOf(t, row.id)).toHaveLength(0);
    }
  });
});
