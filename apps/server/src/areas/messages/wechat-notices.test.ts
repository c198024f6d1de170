import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberNoticeKind as WechatNoticeKind, NoticeChannels, WechatTemplateView } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { WechatMpPeer } from '../../../test/peers/wechat-mp-peer';
import { auditLog, outbox, wxBindings } from '../../db/schema';
import { dispatchOutboxRow } from '../../platform/outbox';
import { sendNotice } from './messages.service';

const APPID = 'wx00112233445566ff';
const SECRET = 'notice-secret';
const TOKEN = 'noticeToken';

let t: TestContext;
let peer: WechatMpPeer;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  peer = await new WechatMpPeer({ appId: APPID, secret: SECRET, token: TOKEN, now: () => t.clock.now() }).start();
  t = await createTestContext({ now: '2026-12-07T02:00:00Z', env: { WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN, WECHAT_MP_API_BASE: peer.url } });
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

/** each kind's parameters as its sender gives them, and the template fields an admin maps them to */
const kinds: Record<WechatNoticeKind, { params: Record<string, string>; fields: string }> = {
  order_sample_received: { params: { orderNo: 'ORD-1' }, fields: 'character_string1=orderNo' },
  order_data_delivered: { params: { orderNo: 'ORD-2' }, fields: 'character_string1=orderNo' },
  order_unpaid_reminder: { params: { orderNo: 'ORD-3', deadline: '2026/12/9 10:00:00' }, fields: 'character_string1=orderNo\ntime2=deadline' },
  pickup_reminder: { params: { date: '2026-12-08', time: '09:00-12:00' }, fields: 'time1=date, thing2=time' },
  tutor_approval: { params: { orderNo: 'ORD-5', member: '张同学' }, fields: 'character_string1=orderNo，thing2=member' },
  booking_reminder: { params: { name: 'XRD 粉末衍射', date: '2026-12-09', time: '09:00' }, fields: 'thing1=name\ntime2=date\nthing3=time' },
  consult_reply: { params: { name: '李同学' }, fields: 'thing1=name' },
};

const channels = () => ({ sms: t.app.deps.sms, email: t.app.deps.email });
const bound = async (overrides: { email?: string | null } = {}) => {
  const who = await makeLoggedInMember(t.db, t.clock.now(), { email: overrides.email ?? null });
  const openid = `o-${who.member.id}-${Math.random().toString(36).slice(2, 10)}`;
  await t.db.insert(wxBindings).values({ memberId: who.member.id, appId: APPID, openid, createdAt: t.clock.now() });
  return { ...who, openid };
};
const notify = (memberId: number, kind: WechatNoticeKind) =>
  sendNotice(t.db, channels(), memberId, { template: kind, params: kinds[kind].params, subject: `通知${kind}`, body: `正文${kind}` });
const rowsOf = async (...recipients: string[]) => (await t.db.select().from(outbox).orderBy(outbox.id)).filter((r) => recipients.includes(r.recipient) || recipients.includes(r.fallbackPhone ?? ''));
const dispatch = (id: number, lastTry = false) => dispatchOutboxRow(t.db, t.app.deps.deliverers, t.clock, id, lastTry);

describe('公众号模板 (admin)', () => {
  it('sets each kind’s template and fields, audited; refuses a parameter the kind does not have', async () => {
    for (const [kind, { fields }] of Object.entries(kinds)) {
      const saved = await call<WechatTemplateView>(t.app, 'POST', '/api/admin/messages/wechatTemplates/save', { token: admin.token, form: { kind, templateId: `TPL_${kind}`, fields } });
      expect(saved).toMatchObject({ code: 1, msg: '已保存模板设置', data: { kind, templateId: `TPL_${kind}` } });
    }
    const [audited] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audited).toMatchObject({ action: 'messages.wechat_template.save', targetKey: 'consult_reply', after: { templateId: 'TPL_consult_reply' } });
    const list = await call<WechatTemplateView[]>(t.app, 'POST', '/api/admin/messages/wechatTemplates', { token: admin.token });
    expect(list.data.find((v) => v.kind === 'order_unpaid_reminder')).toMatchObject({ label: '待支付', fields: { character_string1: 'orderNo', time2: 'deadline' } });
    const bad = await call(t.app, 'POST', '/api/admin/messages/wechatTemplates/save', { token: admin.token, form: { kind: 'order_sample_received', templateId: 'X', fields: 'thing1=amount' } });
    expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('参数“amount”不是该通知的参数') });
    expect((await call(t.app, 'POST', '/api/admin/messages/wechatTemplates/save', { token: admin.token, form: { kind: 'nope', templateId: 'X', fields: '' } })).status).toBe(400);
  });
});

describe('service notices by WeChat through the outbox', () => {
  it('sends each kind once through the official account to a bound follower (the default channel), nothing by SMS', async () => {
    const who = await bound();
    const before = peer.sent.length;
    for (const kind of Object.keys(kinds) as WechatNoticeKind[]) await notify(who.member.id, kind);
    const rows = await rowsOf(who.openid, who.member.phone);
    expect(rows.map((r) => [r.channel, r.template])).toEqual(Object.keys(kinds).map((kind) => ['wechat', kind]));
    for (const row of rows) expect(await dispatch(row.id)).toBe('sent');
    const sent = peer.sent.slice(before);
    expect(sent).toHaveLength(Object.keys(kinds).length);
    expect(sent.every((m) => m.touser === who.openid)).toBe(true);
    expect(sent.map((m) => m.template_id)).toEqual(Object.keys(kinds).map((kind) => `TPL_${kind}`));
    expect(sent[2]!.data).toEqual({ character_string1: { value: 'ORD-3' }, time2: { value: '2026/12/9 10:00:00' } });
    expect(sent[3]!.data).toEqual({ time1: { value: '2026-12-08' }, thing2: { value: '09:00-12:00' } });
  });

  it('honours the member’s choice per kind (账号设置 → 通知方式)', async () => {
    const who = await bound({ email: `w${Date.now()}@example.com` });
    const set = (kind: string, list: string) => call<NoticeChannels>(t.app, 'POST', '/api/auth/message/channels/set', { token: who.token, form: { kind, channels: list } });
    expect((await set('order_data_delivered', 'sms')).data.kinds.find((k) => k.kind === 'order_data_delivered')).toMatchObject({ channels: ['sms'], chosen: true });
    await set('order_sample_received', 'wechat,email');
    expect(await set('order_sample_received', '')).toMatchObject({ status: 400, msg: '[通知方式]至少选择一项' });
    expect(await set('order_sample_received', 'fax')).toMatchObject({ status: 400, msg: '[通知方式]不正确' });
    const mine = await call<NoticeChannels>(t.app, 'POST', '/api/auth/message/channels', { token: who.token });
    expect(mine.data).toMatchObject({ wechatReady: true, hasEmail: true });
    expect(mine.data.kinds.find((k) => k.kind === 'pickup_reminder')).toMatchObject({ channels: ['wechat', 'email'], chosen: false });

    const before = peer.sent.length;
    await notify(who.member.id, 'order_data_delivered');
    await notify(who.member.id, 'order_sample_received');
    const rows = await rowsOf(who.openid, who.member.phone, who.member.email!);
    expect(rows.map((r) => [r.template, r.channel])).toEqual([
      ['order_data_delivered', 'sms'],
      ['order_sample_received', 'wechat'],
      ['order_sample_received', 'email'],
    ]);
    for (const row of rows) await dispatch(row.id);
    expect(peer.sent.slice(before).map((m) => m.template_id)).toEqual(['TPL_order_sample_received']);
  });

  it('a follower who left the account (43004) gets the notice by SMS: the same row, sent', async () => {
    const who = await bound();
    await notify(who.member.id, 'order_unpaid_reminder');
    const [row] = await rowsOf(who.openid);
    peer.unsubscribed.add(who.openid);
    expect(await dispatch(row!.id)).toBe('sent');
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({ channel: 'sms', recipient: who.member.phone, status: 'sent', body: '【科研检测】正文order_unpaid_reminder' });
    expect(after!.lastError).toContain('43004');
  });

  it('a member not bound, or unfollowed as the account told us, gets SMS', async () => {
    const plain = await makeLoggedInMember(t.db, t.clock.now(), { email: null });
    await notify(plain.member.id, 'order_sample_received');
    expect((await rowsOf(plain.member.phone)).map((r) => r.channel)).toEqual(['sms']);
    const left = await bound();
    await t.db.update(wxBindings).set({ subscribed: false }).where(eq(wxBindings.openid, left.openid));
    await notify(left.member.id, 'order_sample_received');
    expect((await rowsOf(left.openid, left.member.phone)).map((r) => r.channel)).toEqual(['sms']);
  });

  it('rate limits and token errors are retried, never lost: a dead letter only after the last try', async () => {
    const who = await bound();
    await notify(who.member.id, 'order_data_delivered');
    await notify(who.member.id, 'order_sample_received');
    const [first, second] = await rowsOf(who.openid);
    peer.failNext.push(45009);
    await expect(dispatch(first!.id)).rejects.toThrow('45009');
    expect((await t.db.select().from(outbox).where(eq(outbox.id, first!.id)))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    // the token WeChat now calls expired: fetched again, the send tried once more
    peer.expireToken();
    expect(await dispatch(first!.id)).toBe('sent');
    peer.failNext.push(45009);
    expect(await dispatch(second!.id, true)).toBe('failed');
    expect((await t.db.select().from(outbox).where(eq(outbox.id, second!.id)))[0]).toMatchObject({ status: 'failed', channel: 'wechat' });
  });

  it('marketing stays SMS-with-consent only: no WeChat message', async () => {
    const who = await bound();
    await sendNotice(t.db, channels(), who.member.id, { template: 'coupon_expiring', params: { name: '券' }, subject: '券', body: '券即将到期', marketing: true });
    expect(await rowsOf(who.openid)).toHaveLength(0);
  });
});
