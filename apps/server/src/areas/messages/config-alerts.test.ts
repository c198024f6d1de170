import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { staffAlerts } from './staff-alerts.tables';
import { loadConfig, startupWarnings } from '../../platform/config';
import { syncConfigAlerts } from './staff-alerts.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
});
afterAll(() => t.close());

const moneyWarnings = (env: Record<string, string>) => startupWarnings(loadConfig(env)).flatMap((w) => (w.alert ? [{ key: w.key, ...w.alert }] : []));
const configAlerts = () => t.db.select().from(staffAlerts).where(eq(staffAlerts.kind, 'config')).orderBy(staffAlerts.id);

describe('settings that put money at risk, in 系统提醒 (issue 28, hole 7)', () => {
  it('one open alert per condition across restarts; raised again the next day if handled while still set; closed when the setting is gone', async () => {
    const outside = moneyWarnings({ SEED_DEMO: '0', PAY_LOCAL_GATEWAY: '1' });
    await syncConfigAlerts(t.db, outside, t.clock.now());
    await syncConfigAlerts(t.db, outside, t.clock.now());
    expect(await configAlerts()).toEqual([expect.objectContaining({ role: 'admin', title: '非演示模式下开启了模拟支付', handledAt: null })]);
    expect((await configAlerts())[0]!.content).toContain('任何人点“模拟支付成功”即可充值任意金额');

    // someone marks it handled but does not change the setting: the next day's start says it again
    await t.db.update(staffAlerts).set({ handledAt: t.clock.now() }).where(eq(staffAlerts.kind, 'config'));
    t.clock.advance(24 * 3600_000);
    await syncConfigAlerts(t.db, outside, t.clock.now());
    expect((await configAlerts()).map((a) => a.handledAt === null)).toEqual([false, true]);

    // the setting removed: the start closes the open alert (by nobody) and raises none
    t.clock.advance(3600_000);
    await syncConfigAlerts(t.db, moneyWarnings({ SEED_DEMO: '0' }), t.clock.now());
    const closed = await configAlerts();
    expect(closed.map((a) => a.handledAt?.toISOString())).toEqual([expect.any(String), t.clock.now().toISOString()]);
    expect(closed.every((a) => a.handledBy === null)).toBe(true);
  });
});
