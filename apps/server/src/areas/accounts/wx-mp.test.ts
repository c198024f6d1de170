import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, WxBinding, WxPollResult, WxTicket } from '@lab/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { userInfo } from '../../../test/auth-flows';
import { WechatMpPeer } from '../../../test/peers/wechat-mp-peer';
import { wechatMpNonces, wechatMpTokens } from '../../platform/providers/wechat-mp.tables';
import { wxBindings, wxTickets } from './accounts.tables';
import { scanReplies } from './wx-mp.service';
import { WECHAT_CALLBACK_PATH } from './wx-mp.routes';

const APPID = 'wx0123456789abcdef';
const SECRET = 'peer-app-secret';
const TOKEN = 'labToken2026';
const AES_KEY = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

let t: TestContext;
let peer: WechatMpPeer;
let callback: string;

beforeAll(async () => {
  peer = await new WechatMpPeer({ appId: APPID, secret: SECRET, token: TOKEN, aesKey: AES_KEY, now: () => t.clock.now() }).start();
  t = await createTestContext({
    now: '2026-12-07T02:00:00Z',
    env: { WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN, WECHAT_MP_AES_KEY: AES_KEY, WECHAT_MP_API_BASE: peer.url },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  callback = `${address}${WECHAT_CALLBACK_PATH}`;
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

const ticket = async () => {
  const res = await call<WxTicket>(t.app, 'GET', '/api/open/wx/ticket');
  expect(res).toMatchObject({ status: 200, code: 1 });
  return res.data;
};
const poll = (value: string) => call<WxPollResult>(t.app, 'POST', '/api/open/wx/qrCodeLogin', { form: { ticket: value } });
const sceneOf = async (value: WxTicket) => {
  const [qr] = [...peer.qrcodes.values()].slice(-1);
  const [row] = await t.db.select({ scene: wxTickets.scene }).from(wxTickets).where(eq(wxTickets.scene, qr!.scene));
  expect(value.expire_seconds).toBe(qr!.expireSeconds);
  return row!.scene!;
};
const smsCode = async (phone: string) => {
  expect((await call(t.app, 'POST', '/api/open/code4sms', { form: { phone, useFor: '3' } })).code).toBe(1);
  return lastSmsCode(t.db, phone);
};
const bind = (form: Record<string, string>) => call<LoginResult>(t.app, 'POST', '/api/open/wx/bind', { form: { agreement: '1', ...form } });
const openid = () => `o${Math.random().toString(36).slice(2, 14)}${Math.random().toString(36).slice(2, 14)}`;

describe('the configuration', () => {
  it('refuses an AppID without its secret and token, and a malformed EncodingAESKey', () => {
    expect(() => loadConfig({ WECHAT_MP_APPID: APPID })).toThrow('环境变量配置错误: WECHAT_MP_APPID 还需要 WECHAT_MP_SECRET、WECHAT_MP_TOKEN');
    expect(() => loadConfig({ WECHAT_MP_APPID: APPID, WECHAT_MP_SECRET: SECRET, WECHAT_MP_TOKEN: TOKEN, WECHAT_MP_AES_KEY: 'short' })).toThrow('WECHAT_MP_AES_KEY 应为43位字母或数字');
  });
});

describe('the access token, shared by every instance', () => {
  it('two instances racing for it make one fetch; a token WeChat calls expired is fetched again and the call tried once more', async () => {
    const second = await buildApp({ db: t.db, config: t.app.deps.config, clock: t.clock, secrets: t.secrets, logger: false, rateLimit: false });
    try {
      await t.db.delete(wechatMpTokens);
      const before = peer.fetches;
      peer.tokenDelayMs = 50;
      const tokens = await Promise.all([t.app.deps.wechat!.accessToken(), second.deps.wechat!.accessToken(), t.app.deps.wechat!.accessToken(), second.deps.wechat!.accessToken()]);
      peer.tokenDelayMs = 0;
      expect(peer.fetches - before).toBe(1);
      expect(new Set(tokens).size).toBe(1);
      const [stored] = await t.db.select().from(wechatMpTokens);
      expect(stored).toMatchObject({ appId: APPID, accessToken: tokens[0], expiresAt: new Date(t.clock.now().getTime() + 7200_000) });

      // near its end (under 5 minutes left) it is fetched again, once
      t.clock.advance(6900 * 1000);
      const renewed = await Promise.all([t.app.deps.wechat!.accessToken(), second.deps.wechat!.accessToken()]);
      expect(peer.fetches - before).toBe(2);
      expect(renewed[0]).toBe(renewed[1]);
      expect(renewed[0]).not.toBe(tokens[0]);

      // WeChat says 42001: one more fetch (force_refresh), the QR code is still made
      peer.expireToken();
      const qr = await second.deps.wechat!.createSceneQr('login_retry', 120);
      expect(qr.ticket).toMatch(/^gQ/);
      expect(qr.imageUrl).toBe(`https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(qr.ticket)}`);
      expect(peer.fetches - before).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe('the callback (服务器配置 URL)', () => {
  it('answers the URL check with its echostr; a forged one is refused', async () => {
    expect(await peer.verifyUrl(callback)).toEqual({ status: 200, body: '5837397520142939473' });
    expect(await peer.verifyUrl(callback, { forge: true })).toMatchObject({ status: 403 });
  });

  it('refuses forged signatures, a wrong msg_signature, an old timestamp and a nonce sent again — and changes nothing', async () => {
    const value = await ticket();
    const scene = await sceneOf(value);
    const who = openid();
    expect((await peer.push(callback, { openid: who, event: 'SCAN', scene }, { forge: 'signature' })).status).toBe(403);
    expect((await peer.push(callback, { openid: who, event: 'SCAN', scene }, { forge: 'msg_signature' })).status).toBe(403);
    expect((await peer.push(callback, { openid: who, event: 'SCAN', scene }, { forge: 'appid' })).status).toBe(403);
    expect((await peer.push(callback, { openid: who, event: 'SCAN', scene }, { forge: 'ciphertext' })).status).toBe(403);
    expect((await peer.push(callback, { openid: who, event: 'SCAN', scene }, { at: new Date(t.clock.now().getTime() - 301_000) })).status).toBe(403);
    expect((await poll(value.ticket)).data.status).toBe('waiting');

    const first = await peer.push(callback, { openid: who, event: 'SCAN', scene });
    expect(first.status).toBe(200);
    expect(peer.readReply(first.body)).toBe(scanReplies.bind);
    const replayed = await peer.push(callback, { openid: openid(), event: 'SCAN', scene }, { nonce: first.nonce });
    expect(replayed.status).toBe(403);
    const [row] = await t.db.select().from(wxTickets).where(eq(wxTickets.scene, scene));
    expect(row!.openid).toBe(who);
    expect(await t.db.select().from(wechatMpNonces).where(eq(wechatMpNonces.nonce, first.nonce))).toHaveLength(1);
  });

  it('refuses plain XML while 安全模式 is configured', async () => {
    const res = await fetch(`${callback}?signature=x&timestamp=1&nonce=2`, { method: 'POST', body: '<xml><MsgType>event</MsgType></xml>' });
    expect(res.status).toBe(403);
  });
});

describe('微信扫码登录 through the official account', () => {
  it('hands out WeChat’s parametric QR code (QR_STR_SCENE, 120 s), drawn here', async () => {
    const value = await ticket();
    expect(value.qr_code_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(value.confirm_url).toMatch(/^https:\/\/mp\.weixin\.qq\.com\/cgi-bin\/showqrcode\?ticket=gQ/);
    expect(await sceneOf(value)).toMatch(/^login_/);
  });

  it('a first scan (关注) asks for the phone once, binds and logs in; a second scan logs in at once', async () => {
    const who = openid();
    const phone = uniquePhone();
    const first = await ticket();
    const subscribed = await peer.push(callback, { openid: who, event: 'subscribe', scene: await sceneOf(first) });
    expect(peer.readReply(subscribed.body)).toBe(scanReplies.bind);
    expect((await poll(first.ticket)).data).toEqual({ status: 'bind' });

    expect(await bind({ ticket: first.ticket, phone, code: '000000' })).toMatchObject({ status: 400, code: 0 });
    const code = await smsCode(phone);
    const bound = await bind({ ticket: first.ticket, phone, code });
    expect(bound).toMatchObject({ status: 200, code: 1, msg: '绑定成功，已登录' });
    const me = await userInfo(t.app, bound.data.token);
    expect(me.data).toMatchObject({ account: { phone } });
    const [binding] = await t.db.select().from(wxBindings).where(eq(wxBindings.openid, who));
    expect(binding).toMatchObject({ appId: APPID, subscribed: true });
    // the ticket is spent: its poll hands out nothing more
    expect((await poll(first.ticket)).data).toEqual({ status: 'expired' });

    const second = await ticket();
    const scanned = await peer.push(callback, { openid: who, event: 'SCAN', scene: await sceneOf(second) });
    expect(peer.readReply(scanned.body)).toBe(scanReplies.loggedIn);
    const done = await poll(second.ticket);
    expect(done.data.status).toBe('confirmed');
    expect((await userInfo(t.app, done.data.login!.token)).data).toMatchObject({ account: { phone } });

    // 账号设置: bound, following; 取消关注 is seen; 解除绑定 makes the next scan ask again
    expect((await call<WxBinding>(t.app, 'POST', '/api/auth/wx/binding', { token: bound.data.token })).data).toMatchObject({ bound: true, officialAccount: true, subscribed: true });
    await peer.push(callback, { openid: who, event: 'unsubscribe' });
    expect((await call<WxBinding>(t.app, 'POST', '/api/auth/wx/binding', { token: bound.data.token })).data.subscribed).toBe(false);
    expect(await call<WxBinding>(t.app, 'POST', '/api/auth/wx/unbind', { token: bound.data.token })).toMatchObject({ code: 1, msg: '已解除微信绑定', data: { bound: false } });
    const third = await ticket();
    await peer.push(callback, { openid: who, event: 'subscribe', scene: await sceneOf(third) });
    expect((await poll(third.ticket)).data.status).toBe('bind');
  });

  it('an expired scene tells the follower 二维码已过期 and logs nobody in; binding it is refused', async () => {
    const value = await ticket();
    const scene = await sceneOf(value);
    t.clock.advance(121 * 1000);
    const late = await peer.push(callback, { openid: openid(), event: 'SCAN', scene });
    expect(late.status).toBe(200);
    expect(peer.readReply(late.body)).toBe(scanReplies.expired);
    expect((await poll(value.ticket)).data.status).toBe('expired');
    const phone = uniquePhone();
    expect(await bind({ ticket: value.ticket, phone, code: await smsCode(phone) })).toMatchObject({ status: 400, msg: '二维码已过期，请刷新后重新扫描' });
  });

  it('a ticket nobody scanned cannot be bound', async () => {
    const value = await ticket();
    const phone = uniquePhone();
    expect(await bind({ ticket: value.ticket, phone, code: await smsCode(phone) })).toMatchObject({ status: 400, msg: '二维码已过期，请刷新后重新扫描' });
  });
});
