import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import type { StaffWxBindQr, WxBinding } from '@lab/contract';
import { createTestContext, uniquePhone, type TestContext } from '../../../../test/harness';
import { WechatMpPeer } from '../../../../test/peers/wechat-mp-peer';
import { outbox, staff, staffAlerts, staffWxBindings } from '../../../db/schema';
import { dispatchOutboxRow } from '../../../platform/outbox';
import { staffScanReplies } from '../../accounts/staff-wx.service';
import { WECHAT_CALLBACK_PATH } from '../../accounts/wx-mp.routes';
import { makeStaff } from '../../../../test/factories';
import { deskOrder, MINUTE } from './order-desk.test-helpers';
import { checkPromises } from './promise-alerts.service';
import { memberOf, post, progressContext } from './progress.test-helpers';

/**
 * Promise alerts by WeChat (docs/decisions/0056-wechat-staff-alerts-and-subscriptions.md): a staff
 * member binds their WeChat by scanning the back office's 微信提醒 code (the official account's
 * parametric QR code, through the protocol peer); the promise job's alert then reaches them once as
 * a template message through the outbox, while a colleague with no WeChat keeps the in-site alert
 * (and the SMS, when on).
 */
const APPID = 'wx7766554433221100';
const SECRET = 'staff-alert-secret';
const TOKEN = 'staffAlertToken';
const AES_KEY = 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210abcdefg';

let t: TestContext;
let peer: WechatMpPeer;
let callback: string;
let ctx: Awaited<ReturnType<typeof progressContext>>;
let colleague: Awaited<ReturnType<typeof makeStaff>>;
const phones = { lab: uniquePhone(), colleague: uniquePhone() };
const labOpenid = 'o-lab-staff-alerts-0001';

beforeAll(async () => {
  peer = await new WechatMpPeer({ appId: APPID, secret: SECRET, token: TOKEN, aesKey: AES_KEY, now: () => t.clock.now() }).start();
  t = await createTestContext({
    now: '2026-06-01T02:00:00Z',
    env: { WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN, WECHAT_MP_AES_KEY: AES_KEY, WECHAT_MP_API_BASE: peer.url },
  });
  callback = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}${WECHAT_CALLBACK_PATH}`;
  ctx = await progressContext(t);
  colleague = await makeStaff(t.db, 'lab', t.clock.now());
  await t.db.update(staff).set({ phone: phones.lab }).where(eq(staff.id, ctx.lab.id));
  await t.db.update(staff).set({ phone: phones.colleague }).where(eq(staff.id, colleague.id));
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const lastScene = () => [...peer.qrcodes.values()].at(-1)!.scene;

describe('微信提醒: a staff member binds their WeChat', () => {
  it('by scanning the back office’s code (关注 with the scene); the code binds once; unbinding ends it', async () => {
    expect(await post<WxBinding>(t, '/api/admin/wx/binding', ctx.lab)).toMatchObject({ code: 1, data: { bound: false, officialAccount: true } });
    const qr = await post<StaffWxBindQr>(t, '/api/admin/wx/bindQr', ctx.lab);
    expect(qr).toMatchObject({ code: 1, data: { expire_seconds: 600 } });
    expect(qr.data.qr_code_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const scene = lastScene();
    expect(scene).toMatch(/^staff_/);

    const scanned = await peer.push(callback, { openid: labOpenid, event: 'subscribe', scene });
    expect(scanned.status).toBe(200);
    expect(peer.readReply(scanned.body)).toBe(staffScanReplies.bound);
    expect(await post<WxBinding>(t, '/api/admin/wx/binding', ctx.lab)).toMatchObject({ data: { bound: true, subscribed: true } });
    // the same code scanned again (another WeChat) binds nothing
    const again = await peer.push(callback, { openid: 'o-someone-else', event: 'SCAN', scene });
    expect(peer.readReply(again.body)).toBe(staffScanReplies.expired);
    expect(await t.db.select().from(staffWxBindings).where(eq(staffWxBindings.openid, 'o-someone-else'))).toHaveLength(0);

    // a WeChat bound to one staff member cannot be bound to another
    await post(t, '/api/admin/wx/bindQr', colleague);
    expect(peer.readReply((await peer.push(callback, { openid: labOpenid, event: 'SCAN', scene: lastScene() })).body)).toBe(staffScanReplies.taken);
    expect(await post<WxBinding>(t, '/api/admin/wx/binding', colleague)).toMatchObject({ data: { bound: false } });

    // unbound and bound again
    expect(await post<WxBinding>(t, '/api/admin/wx/unbind', ctx.lab)).toMatchObject({ code: 1, msg: '已解除微信绑定', data: { bound: false } });
    await post(t, '/api/admin/wx/bindQr', ctx.lab);
    expect(peer.readReply((await peer.push(callback, { openid: labOpenid, event: 'SCAN', scene: lastScene() })).body)).toBe(staffScanReplies.bound);
  });

  it('an expired code says so and binds nothing', async () => {
    await post(t, '/api/admin/wx/bindQr', colleague);
    const scene = lastScene();
    t.clock.advance(601_000);
    expect(peer.readReply((await peer.push(callback, { openid: 'o-colleague-late', event: 'SCAN', scene })).body)).toBe(staffScanReplies.expired);
    expect(await post<WxBinding>(t, '/api/admin/wx/binding', colleague)).toMatchObject({ data: { bound: false } });
  });
});

describe('the promise job’s alerts by WeChat', () => {
  it('reach the bound staff member once as a template message through the outbox; a colleague without WeChat keeps the in-site alert and the SMS', async () => {
    await post(t, '/api/admin/messages/wechatTemplates/save', ctx.admin, { kind: 'staff_promise_due', templateId: 'TPL_PROMISE', fields: 'character_string1=orderNo\nthing2=promise\ntime3=dueAt' });
    const buyer = await memberOf(t);
    const order = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'delivered', deliveredAt: new Date(t.clock.now().getTime() - 100 * MINUTE) });
    const check = () => checkPromises(t.db, t.app.deps.sms, t.clock.now());
    expect((await Promise.all([check(), check()])).flatMap((r) => r.alerted)).toEqual([`notice:${order.orderNo}`]);
    expect(await check()).toEqual({ alerted: [], missed: [] });

    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.link, `/admin/orders/${order.orderNo}`));
    expect(alert).toMatchObject({ kind: 'promise_due', role: 'lab' });
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'staff_promise_due'), or(eq(outbox.recipient, labOpenid), eq(outbox.recipient, phones.lab), eq(outbox.recipient, phones.colleague))));
    expect(rows.map((r) => [r.channel, r.recipient])).toEqual([
      ['wechat', labOpenid],
      ['sms', phones.colleague],
    ]);

    const before = peer.sent.length;
    for (const row of rows) expect(await dispatchOutboxRow(t.db, t.app.deps.deliverers, t.clock, row.id, false)).toBe('sent');
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ touser: labOpenid, template_id: 'TPL_PROMISE', data: { character_string1: { value: order.orderNo }, thing2: { value: '数据通知' } } });
  });

  it('a staff member who left the official account gets the SMS instead', async () => {
    await peer.push(callback, { openid: labOpenid, event: 'unsubscribe' });
    expect(await post<WxBinding>(t, '/api/admin/wx/binding', ctx.lab)).toMatchObject({ data: { bound: true, subscribed: false } });
    const buyer = await memberOf(t);
    const order = await deskOrder(t, ctx.item, buyer.member.id, { progress: 'delivered', deliveredAt: new Date(t.clock.now().getTime() - 100 * MINUTE) });
    await checkPromises(t.db, t.app.deps.sms, t.clock.now());
    const rows = await t.db.select().from(outbox).where(and(eq(outbox.template, 'staff_promise_due'), or(eq(outbox.recipient, labOpenid), eq(outbox.recipient, phones.lab))));
    expect(rows.filter((r) => r.body.includes(order.orderNo)).map((r) => [r.channel, r.recipient])).toEqual([['sms', phones.lab]]);
  });
});
