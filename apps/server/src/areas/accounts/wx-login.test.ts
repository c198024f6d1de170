import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WxPollResult, WxScanResult, WxTicket } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { expired, notLoggedIn, userInfo } from '../../../test/auth-flows';
import { wxTickets } from './accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SECOND = 1000;
const ticket = async () => {
  const res = await call<WxTicket>(t.app, 'GET', '/api/open/wx/ticket');
  expect(res).toMatchObject({ status: 200, code: 1 });
  return res.data;
};
const poll = (value: string) => call<WxPollResult>(t.app, 'POST', '/api/open/wx/qrCodeLogin', { form: { ticket: value } });
const scan = (value: string) => call(t.app, 'POST', '/api/open/wx/scan', { form: { ticket: value } });
const confirm = (value: string, token?: string) =>
  call(t.app, 'POST', '/api/auth/wx/confirm', { form: { ticket: value }, ...(token ? { token } : {}) });

describe('WeChat-style QR login', () => {
  it('hands out a ticket with a QR image of this site’s confirm page, valid 120 s', async () => {
    const data = await ticket();
    expect(data.expire_seconds).toBe(120);
    expect(data.ticket).toMatch(/^[\w-]{40,}$/);
    expect(data.qr_code_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.confirm_url).toContain(`/wx/confirm?ticket=${encodeURIComponent(data.ticket)}`);
    const rows = JSON.stringify(await t.db.select().from(wxTickets));
    expect(rows).not.toContain(data.ticket);
  });

  it('goes waiting → scanned → confirmed, hands the tokens out once, then answers expired', async () => {
    const { ticket: value } = await ticket();
    const { member, token } = await makeLoggedInMember(t.db, t.clock.now());

    expect(await poll(value)).toMatchObject({ status: 200, code: 1, data: { status: 'waiting' } });
    expect(await scan(value)).toMatchObject({ status: 200, code: 1, msg: '扫描成功', data: { status: 'scanned' } });
    expect(await poll(value)).toMatchObject({ status: 200, data: { status: 'scanned' } });

    expect(await confirm(value, token)).toMatchObject({ status: 200, code: 1, msg: '已确认登录' });
    const done = await poll(value);
    expect(done).toMatchObject({ status: 200, code: 1, msg: '登录成功!', data: { status: 'confirmed' } });
    const login = done.data.login!;
    expect(login.token).toBeTruthy();
    expect(login.refreshToken).toBeTruthy();
    expect(login.expires).toBe(Math.floor(t.clock.now().getTime() / 1000) + 7200);
    expect((await userInfo(t.app, login.token)).data).toMatchObject({ account: { rid: member.rid } });

    const later = await poll(value);
    expect(later).toMatchObject({ status: 200, data: { status: 'expired' } });
    expect(later.data.login).toBeUndefined();
  });

  it('lets a member confirm without a separate scan call', async () => {
    const { ticket: value } = await ticket();
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    expect(await confirm(value, token)).toMatchObject({ status: 200 });
    expect((await poll(value)).data.status).toBe('confirmed');
  });

  it('gives the tokens to only one of two concurrent polls', async () => {
    const { ticket: value } = await ticket();
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    await confirm(value, token);
    const results = await Promise.all([poll(value), poll(value), poll(value)]);
    expect(results.filter((r) => r.data.status === 'confirmed')).toHaveLength(1);
    expect(results.filter((r) => r.data.status === 'expired')).toHaveLength(2);
  });

  it('expires after 120 s: polls say expired, scanning and confirming are refused', async () => {
    const { ticket: value } = await ticket();
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    t.clock.advance(119 * SECOND);
    expect((await poll(value)).data.status).toBe('waiting');
    t.clock.advance(SECOND);
    expect((await poll(value)).data.status).toBe('expired');
    expect(await scan(value)).toMatchObject({ status: 400, code: 0, msg: '二维码已过期，请刷新后重新扫描' });
    expect(await confirm(value, token)).toMatchObject({ status: 400, code: 0, msg: '二维码已过期，请刷新后重新扫描' });
  });

  it('does not hand out tokens for a confirmed ticket nobody collected for long', async () => {
    const { ticket: value } = await ticket();
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    await confirm(value, token);
    t.clock.advance(10 * 60 * SECOND);
    expect((await poll(value)).data).toEqual({ status: 'expired' });
  });

  it('refuses to confirm twice', async () => {
    const { ticket: value } = await ticket();
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    await confirm(value, token);
    expect(await confirm(value, token)).toMatchObject({ status: 409, code: 0, msg: '该二维码已确认登录' });
  });

  it('lets only one of two members confirming the same ticket at once win, and logs that one in', async () => {
    const { ticket: value } = await ticket();
    const first = await makeLoggedInMember(t.db, t.clock.now());
    const second = await makeLoggedInMember(t.db, t.clock.now());
    const results = await Promise.all([confirm(value, first.token), confirm(value, second.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results[0]!.status === 200 ? first : second;
    const done = await poll(value);
    expect((await userInfo(t.app, done.data.login!.token)).data).toMatchObject({ account: { rid: winner.member.rid } });
  });

  it('needs a logged-in member to confirm', async () => {
    const { ticket: value } = await ticket();
    expect(await confirm(value)).toMatchObject(notLoggedIn);
    // who is asking is settled before the body is judged
    expect(await call(t.app, 'POST', '/api/auth/wx/confirm', { form: {} })).toMatchObject(notLoggedIn);
    expect(await confirm(value, 'forged-token')).toMatchObject(expired);
    expect((await poll(value)).data.status).toBe('waiting');
  });

  it('answers an unknown ticket as expired', async () => {
    expect(await poll('no-such-ticket')).toMatchObject({ status: 200, data: { status: 'expired' } });
    expect(await scan('no-such-ticket')).toMatchObject({ status: 400, msg: '二维码已过期，请刷新后重新扫描' });
  });

  it('refuses a missing ticket with the spec pattern', async () => {
    expect(await call(t.app, 'POST', '/api/open/wx/qrCodeLogin', { form: {} })).toMatchObject({
      status: 400,
      code: 0,
      msg: '[二维码]不能为空',
    });
    const { token } = await makeLoggedInMember(t.db, t.clock.now());
    expect(await call(t.app, 'POST', '/api/auth/wx/confirm', { form: {}, token })).toMatchObject({
      status: 400,
      msg: '[二维码]不能为空',
    });
  });
});

describe('the confirm page says which device is asking (issue 16: it showed nothing of the request)', () => {
  it('answers the scan with the desktop’s browser and system, address, rough place and the time of the request', async () => {
    const created = await t.app.inject({
      method: 'GET',
      url: '/api/open/wx/ticket',
      remoteAddress: '202.120.2.101',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
    });
    const { ticket: value } = (created.json() as { data: WxTicket }).data;
    const res = await call<WxScanResult>(t.app, 'POST', '/api/open/wx/scan', { form: { ticket: value } });
    expect(res).toMatchObject({
      status: 200,
      code: 1,
      data: { status: 'scanned', request: { device: 'Chrome 131 · Windows 10', ip: '202.120.2.101', place: '上海 上海市', requestedAt: t.clock.now().toISOString() } },
    });
  });

  it('leaves the place out for a private address and names an unknown device plainly', async () => {
    const created = await t.app.inject({ method: 'GET', url: '/api/open/wx/ticket', remoteAddress: '192.168.1.20', headers: { 'user-agent': '' } });
    const { ticket: value } = (created.json() as { data: WxTicket }).data;
    const res = await call<WxScanResult>(t.app, 'POST', '/api/open/wx/scan', { form: { ticket: value } });
    expect(res.data.request).toMatchObject({ device: '未知设备', ip: '192.168.1.20', place: null });
  });
});
