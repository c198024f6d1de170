import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { WechatMpPeer } from '../../../test/peers/wechat-mp-peer';
import { outbox, wxBindings } from '../../db/schema';
import { loadConfig } from '../../platform/config';
import { dispatchOutboxRow } from '../../platform/outbox';
import { sendNotice } from './messages.service';

/**
 * An official account whose type sends 订阅通知 (WECHAT_MP_NOTICES=subscribe): the service notices
 * go through message/subscribe/bizsend with the kind's template, to a user who accepted it; one
 * who did not (43101) gets the SMS on the same outbox row.
 */
const APPID = 'wx99887766554433aa';
const SECRET = 'subscribe-secret';
const TOKEN = 'subscribeToken';

let t: TestContext;
let peer: WechatMpPeer;

beforeAll(async () => {
  peer = await new WechatMpPeer({ appId: APPID, secret: SECRET, token: TOKEN, now: () => t.clock.now() }).start();
  t = await createTestContext({
    now: '2026-12-07T02:00:00Z',
    env: { WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN, WECHAT_MP_API_BASE: peer.url, WECHAT_MP_NOTICES: 'subscribe' },
  });
  const admin = await makeStaff(t.db, 'admin', t.clock.now());
  const saved = await call(t.app, 'POST', '/api/admin/messages/wechatTemplates/save', { token: admin.token, form: { kind: 'order_data_delivered', templateId: 'SUB_DATA', fields: 'character_string1=orderNo' } });
  expect(saved.code).toBe(1);
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const bound = async () => {
  const who = await makeLoggedInMember(t.db, t.clock.now(), { email: null });
  const openid = `o-sub-${who.member.id}`;
  await t.db.insert(wxBindings).values({ memberId: who.member.id, appId: APPID, openid, createdAt: t.clock.now() });
  return { ...who, openid };
};
const notify = (memberId: number, orderNo: string) =>
  sendNotice(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, memberId, { template: 'order_data_delivered', params: { orderNo }, subject: '已出数据', body: `订单${orderNo}已出数据` });
const rowOf = async (recipient: string) => (await t.db.select().from(outbox).where(eq(outbox.recipient, recipient)))[0]!;

describe('订阅通知 (WECHAT_MP_NOTICES=subscribe)', () => {
  it('is a setting of two values; anything else is refused at start', () => {
    const env = { WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN };
    expect(loadConfig(env).WECHAT_MP_NOTICES).toBe('template');
    expect(() => loadConfig({ ...env, WECHAT_MP_NOTICES: 'mass' })).toThrow('WECHAT_MP_NOTICES');
  });

  it('sends the notice through bizsend to a user who accepted it, once, and not as a template message', async () => {
    const who = await bound();
    peer.acceptSubscription(who.openid, 'SUB_DATA', 1);
    await notify(who.member.id, 'ORD-SUB-1');
    const row = await rowOf(who.openid);
    expect(row).toMatchObject({ channel: 'wechat', vendorTemplate: 'SUB_DATA' });
    const templates = peer.sent.length;
    expect(await dispatchOutboxRow(t.db, t.app.deps.deliverers, t.clock, row.id, false)).toBe('sent');
    expect(peer.subscribeSent.filter((m) => m.touser === who.openid)).toEqual([{ touser: who.openid, template_id: 'SUB_DATA', data: { character_string1: { value: 'ORD-SUB-1' } } }]);
    expect(peer.sent.length).toBe(templates);
  });

  it('a user who has not accepted it (43101) gets the SMS on the same row', async () => {
    const who = await bound();
    await notify(who.member.id, 'ORD-SUB-2');
    const row = await rowOf(who.openid);
    expect(await dispatchOutboxRow(t.db, t.app.deps.deliverers, t.clock, row.id, false)).toBe('sent');
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ channel: 'sms', recipient: who.member.phone, status: 'sent', lastError: '微信 43101（未订阅该通知），已改发短信' });
    expect(peer.subscribeSent.filter((m) => m.touser === who.openid)).toHaveLength(0);
  });
});
