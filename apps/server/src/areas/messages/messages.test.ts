import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConsultation, MemberMessage, Page, UnreadCount } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { members, outbox } from '../../db/schema';
import { consultations } from './consultations.tables';
import { memberMessages } from './member-messages.tables';
import { postMessage } from './messages.service';

let t: TestContext;
type Staff = Awaited<ReturnType<typeof makeStaff>>;
let admin: Staff;
let sales: Staff;
let lab: Staff;
let finance: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  admin = await makeStaff(t.db, 'admin', t.clock.now());
  sales = await makeStaff(t.db, 'sales', t.clock.now());
  lab = await makeStaff(t.db, 'lab', t.clock.now());
  finance = await makeStaff(t.db, 'finance', t.clock.now());
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;
const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), overrides);
const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

/** Three messages a minute apart: 订单已确认 (oldest), 样品已签收, 数据已交付 (newest, with a link). */
async function threeMessages(who: Who) {
  const start = t.clock.now().getTime();
  await postMessage(t.db, who.member.id, { title: '订单已确认', content: '您的订单 A1 已确认' }, new Date(start));
  await postMessage(t.db, who.member.id, { title: '样品已签收', content: '实验室已签收订单 A1 的样品' }, new Date(start + 60_000));
  await postMessage(t.db, who.member.id, { kind: 'order', title: '数据已交付', content: '订单 A1 的报告已上传', link: '/member/order?no=A1' }, new Date(start + 120_000));
}

const list = (who: Who, form: Record<string, string | number> = {}) => post<Page<MemberMessage>>('/api/auth/message/list', who, form);
const unread = async (who: Who) => (await post<UnreadCount>('/api/auth/message/unread', who)).data.unread;

describe('member calls need a member token', () => {
  it.each(['/api/auth/message/list', '/api/auth/message/unread', '/api/auth/message/read', '/api/auth/message/readAll'])('%s without a token → 401', async (url) => {
    const res = await post(url, undefined, { rid: 'x' });
    expect(res.status).toBe(401);
    expect(res.code).toBe(0);
    expect(res.msg).toBe('请先登录');
  });

  it('a staff token is not a member token', async () => {
    const res = await post('/api/auth/message/unread', sales);
    expect(res.status).toBe(401);
  });
});

describe('message/list and message/unread', () => {
  it('mine only, newest first, with link and read state; unread=1 keeps the unread ones', async () => {
    const me = await member();
    const other = await member();
    await threeMessages(me);
    await postMessage(t.db, other.member.id, { title: '别人的消息', content: '不应出现' }, t.clock.now());

    const all = await list(me);
    expect(all.code).toBe(1);
    expect(all.data.total).toBe(3);
    expect(all.data.page).toBe(1);
    expect(all.data.pageSize).toBe(20);
    expect(all.data.list.map((m) => m.title)).toEqual(['数据已交付', '样品已签收', '订单已确认']);
    expect(all.data.list[0]).toMatchObject({ kind: 'order', content: '订单 A1 的报告已上传', link: '/member/order?no=A1', read: false });
    expect(all.data.list[1]!.link).toBeNull();
    expect(new Date(all.data.list[0]!.createdAt).getTime()).toBe(t.clock.now().getTime() + 120_000);
    expect(await unread(me)).toBe(3);

    await post('/api/auth/message/read', me, { rid: all.data.list[1]!.rid });
    const onlyUnread = await list(me, { unread: '1' });
    expect(onlyUnread.data.total).toBe(2);
    expect(onlyUnread.data.list.map((m) => m.title)).toEqual(['数据已交付', '订单已确认']);
    expect((await list(me, { unread: 'true' })).data.total).toBe(2);
    // unread=0 or absent: all of them
    expect((await list(me, { unread: '0' })).data.total).toBe(3);
    expect(await unread(me)).toBe(2);
    expect(await unread(other)).toBe(1);
  });

  it('pages: pageSize 2 gives two pages', async () => {
    const me = await member();
    await threeMessages(me);
    const first = await list(me, { page: 1, pageSize: 2 });
    const second = await list(me, { page: 2, pageSize: 2 });
    expect(first.data.list.map((m) => m.title)).toEqual(['数据已交付', '样品已签收']);
    expect(second.data.list.map((m) => m.title)).toEqual(['订单已确认']);
    expect(second.data.total).toBe(3);
  });

  it('a member without messages: empty page, 0 unread', async () => {
    const me = await member();
    expect((await list(me)).data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    expect(await unread(me)).toBe(0);
  });

  it.each([
    [{ page: 0 }, '[页码]不能小于1'],
    [{ page: 'x' }, '[页码]必须是数字'],
    [{ pageSize: 101 }, '[每页条数]不能超过100'],
  ])('bad paging %o → 400 %s', async (form, msg) => {
    const me = await member();
    const res = await list(me, form as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.code).toBe(0);
    expect(res.msg).toBe(msg);
  });
});

describe('message/read and message/readAll', () => {
  it('reading marks one read and keeps the first reading time', async () => {
    const me = await member();
    await threeMessages(me);
    const [newest] = (await list(me)).data.list;
    const res = await post<MemberMessage>('/api/auth/message/read', me, { rid: newest!.rid });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ rid: newest!.rid, title: '数据已交付', read: true });
    const firstRead = (await t.db.select().from(memberMessages).where(eq(memberMessages.rid, newest!.rid)))[0]!.readAt;
    expect(firstRead?.toISOString()).toBe(t.clock.now().toISOString());

    t.clock.advance(3_600_000);
    const again = await post<MemberMessage>('/api/auth/message/read', me, { rid: newest!.rid });
    expect(again.data.read).toBe(true);
    const stillFirst = (await t.db.select().from(memberMessages).where(eq(memberMessages.rid, newest!.rid)))[0]!.readAt;
    expect(stillFirst?.toISOString()).toBe(firstRead?.toISOString());
    expect(await unread(me)).toBe(2);
  });

  it("another member's message is 404 and stays unread; an unknown rid is 404", async () => {
    const me = await member();
    const other = await member();
    await threeMessages(other);
    const [theirs] = (await list(other)).data.list;
    const res = await post('/api/auth/message/read', me, { rid: theirs!.rid });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('消息不存在');
    expect(await unread(other)).toBe(3);
    expect((await post('/api/auth/message/read', me, { rid: 'no-such-message' })).status).toBe(404);
  });

  it.each([
    [{}, '[消息]不能为空'],
    [{ rid: '   ' }, '[消息]不能为空'],
    [{ rid: 'x'.repeat(41) }, '[消息]不能超过40个字符'],
  ])('bad rid %o → 400 %s', async (form, msg) => {
    const me = await member();
    const res = await post('/api/auth/message/read', me, form);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(msg);
  });

  it('readAll marks all of mine read, answers 0 and leaves other members alone', async () => {
    const me = await member();
    const other = await member();
    await threeMessages(me);
    await threeMessages(other);
    const res = await post<UnreadCount>('/api/auth/message/readAll', me);
    expect(res.code).toBe(1);
    expect(res.msg).toBe('已全部标为已读');
    expect(res.data).toEqual({ unread: 0 });
    expect((await list(me)).data.list.every((m) => m.read)).toBe(true);
    expect(await unread(other)).toBe(3);
    // nothing left: still fine
    expect((await post<UnreadCount>('/api/auth/message/readAll', me)).data).toEqual({ unread: 0 });
  });
});

// ---- staff: consultations ----

async function consult(phone: string, content = '请问 XRD 粉末样品需要多少量？', name = '李同学') {
  const res = await call<{ id: number }>(t.app, 'POST', '/api/open/indexMsg/add', { form: { name, phone, content, company: '同济大学' } });
  expect(res.code).toBe(1);
  return res.data.id;
}
const consultationList = (who: { token: string }, form: Record<string, string | number> = {}) =>
  post<Page<AdminConsultation>>('/api/admin/growth/consultation/list', who, { pageSize: 100, ...form });
const reply = (who: { token: string } | undefined, form: Record<string, string | number>) => post<AdminConsultation>('/api/admin/growth/consultation/reply', who, form);
const smsTo = (phone: string) => t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone), eq(outbox.template, 'consult_reply')));

describe('consultation/list (sales)', () => {
  it('newest first with the reply status, the member behind the phone and a status filter', async () => {
    const known = await member();
    const visitorPhone = uniquePhone();
    const older = await consult(visitorPhone, '能否加急？');
    t.clock.advance(60_000);
    const newer = await consult(known.member.phone, 'SEM 可以测磁性样品吗？');
    t.clock.advance(60_000);
    await reply(sales, { id: older, reply: '可以加急，请在下单时备注。' });

    const res = await consultationList(sales);
    expect(res.code).toBe(1);
    const ids = res.data.list.map((c) => c.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const newerRow = res.data.list.find((c) => c.id === newer)!;
    const olderRow = res.data.list.find((c) => c.id === older)!;
    expect(newerRow).toMatchObject({ name: '李同学', phone: known.member.phone, company: '同济大学', content: 'SEM 可以测磁性样品吗？', replied: false, reply: null, repliedAt: null, memberRid: known.member.rid });
    expect(olderRow).toMatchObject({ replied: true, reply: '可以加急，请在下单时备注。', memberRid: null });
    expect(olderRow.repliedAt).toBe(t.clock.now().toISOString());

    const pending = await consultationList(sales, { status: 'pending' });
    expect(pending.data.list.every((c) => !c.replied)).toBe(true);
    expect(pending.data.list.map((c) => c.id)).toContain(newer);
    const replied = await consultationList(sales, { status: 'replied' });
    expect(replied.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([older]));
    expect(replied.data.list.every((c) => c.replied)).toBe(true);
    expect(pending.data.total + replied.data.total).toBe(res.data.total);

    const paged = await consultationList(sales, { pageSize: 1, page: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect(paged.data.total).toBe(res.data.total);
  });

  it('admin may list; lab and finance are refused; a member token is 403, none 401', async () => {
    expect((await consultationList(admin)).code).toBe(1);
    for (const who of [lab, finance]) {
      const res = await consultationList(who);
      expect(res.status).toBe(403);
      expect(res.msg).toBe('您的角色无权进行此操作');
    }
    const me = await member();
    expect((await consultationList(me)).status).toBe(403);
    expect((await post('/api/admin/growth/consultation/list', undefined)).status).toBe(401);
  });

  it.each([
    [{ status: 'done' }, '[回复状态]不正确'],
    [{ page: 0 }, '[页码]不能小于1'],
  ])('bad input %o → 400 %s', async (form, msg) => {
    const res = await consultationList(sales, form as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(msg);
  });
});

describe('consultation/reply (sales)', () => {
  it('a member with that phone: saved, an in-site message (consult) and an SMS and e-mail', async () => {
    const known = await member({ email: 'li@example.edu.cn' });
    const id = await consult(known.member.phone, 'XPS 可以做深度剖析吗？');
    const res = await reply(sales, { id, reply: '可以，氩离子刻蚀深度剖析，每个深度点单独计费。' });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('回复已发送');
    expect(res.data).toMatchObject({ id, replied: true, reply: '可以，氩离子刻蚀深度剖析，每个深度点单独计费。', memberRid: known.member.rid });

    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row).toMatchObject({ reply: '可以，氩离子刻蚀深度剖析，每个深度点单独计费。', handledBy: sales.id });
    expect(row!.repliedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(row!.handledAt?.toISOString()).toBe(t.clock.now().toISOString());

    const inbox = await list(known);
    expect(inbox.data.list).toHaveLength(1);
    expect(inbox.data.list[0]).toMatchObject({ kind: 'consult', title: '您的咨询已回复', read: false, link: null });
    expect(inbox.data.list[0]!.content).toContain('XPS 可以做深度剖析吗？');
    expect(inbox.data.list[0]!.content).toContain('可以，氩离子刻蚀深度剖析');

    const sms = await smsTo(known.member.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('【科研检测】');
    expect(sms[0]!.body).toContain('您的咨询已回复');
    const mail = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'li@example.edu.cn')));
    expect(mail).toHaveLength(1);
  });

  it('no member with that phone: the SMS carries the whole reply; no in-site message', async () => {
    const phone = uniquePhone();
    const before = (await t.db.select().from(memberMessages).where(eq(memberMessages.kind, 'consult'))).length;
    const id = await consult(phone);
    const res = await reply(sales, { id, reply: '粉末样品约 200 mg 即可。' });
    expect(res.data).toMatchObject({ replied: true, memberRid: null });
    const sms = await smsTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe('【科研检测】李同学您好，您的咨询已回复：粉末样品约 200 mg 即可。');
    expect((await t.db.select().from(memberMessages).where(eq(memberMessages.kind, 'consult'))).length).toBe(before);
  });

  it('a second reply is refused (409) and sends nothing more', async () => {
    const phone = uniquePhone();
    const id = await consult(phone);
    expect((await reply(sales, { id, reply: '第一次回复' })).code).toBe(1);
    const again = await reply(admin, { id, reply: '第二次回复' });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('该咨询已回复，不能重复回复');
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row!.reply).toBe('第一次回复');
    expect(await smsTo(phone)).toHaveLength(1);
  });

  it('an unknown consultation is 404', async () => {
    const res = await reply(sales, { id: 99_999_999, reply: '你好' });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('咨询不存在');
  });

  it.each([
    [{ reply: '你好' }, '[咨询编号]不能为空'],
    [{ id: '', reply: '你好' }, '[咨询编号]不能为空'],
    [{ id: 'abc', reply: '你好' }, '[咨询编号]必须是数字'],
    [{ id: '1.5', reply: '你好' }, '[咨询编号]必须是整数'],
    [{ id: 0, reply: '你好' }, '[咨询编号]不正确'],
    [{ id: 1 }, '[回复内容]不能为空'],
    [{ id: 1, reply: '  ' }, '[回复内容]不能为空'],
    [{ id: 1, reply: '字'.repeat(501) }, '[回复内容]不能超过500个字符'],
  ])('bad input %o → 400 %s', async (form, msg) => {
    const res = await reply(sales, form as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(msg);
  });

  it('lab and finance are refused and nothing is written; no token is 401, a member 403', async () => {
    const phone = uniquePhone();
    const id = await consult(phone);
    for (const who of [lab, finance]) expect((await reply(who, { id, reply: '你好' })).status).toBe(403);
    expect((await reply(undefined, { id, reply: '你好' })).status).toBe(401);
    expect((await reply(await member(), { id, reply: '你好' })).status).toBe(403);
    const [row] = await t.db.select().from(consultations).where(eq(consultations.id, id));
    expect(row!.repliedAt).toBeNull();
    expect(await smsTo(phone)).toHaveLength(0);
  });
});

describe('a failing SMS provider never undoes a reply', () => {
  it('the reply and the in-site message stand', async () => {
    const failing = await createTestContext({
      now: '2026-12-01T02:00:00Z',
      sms: {
        name: 'broken',
        send: () => Promise.reject(new Error('sms gateway down')),
      },
    });
    try {
      const who = await makeStaff(failing.db, 'sales', failing.clock.now());
      const person = await makeMember(failing.db);
      const added = await call<{ id: number }>(failing.app, 'POST', '/api/open/indexMsg/add', { form: { name: '王老师', phone: person.phone, content: '能开专票吗？' } });
      const res = await call<AdminConsultation>(failing.app, 'POST', '/api/admin/growth/consultation/reply', { token: who.token, form: { id: added.data.id, reply: '可以开具增值税专用发票。' } });
      expect(res.code).toBe(1);
      expect(res.data.replied).toBe(true);
      const messages = await failing.db.select().from(memberMessages).where(eq(memberMessages.memberId, person.id));
      expect(messages.map((m) => m.kind)).toEqual(['consult']);
    } finally {
      await failing.close();
    }
  });
});

// ---- staff: announcements ----

describe('announce (admin)', () => {
  const announce = (who: { token: string } | undefined, form: Record<string, string>) => post<{ sent: number }>('/api/admin/growth/announce', who, form);

  it('to one member by rid: only that member gets it', async () => {
    const me = await member();
    const other = await member();
    const res = await announce(admin, { title: '国庆假期安排', content: '10 月 1 日至 7 日暂停收样。', member_rid: me.member.rid });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('公告已发送');
    expect(res.data).toMatchObject({ sent: 1, audience: 'member', title: '国庆假期安排' });
    const mine = (await list(me)).data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'notice', title: '国庆假期安排', content: '10 月 1 日至 7 日暂停收样。', link: null, read: false });
    expect((await list(other)).data.total).toBe(0);
  });

  it('to everyone: one message for each member who is not disabled, each with its own rid', async () => {
    const a = await member();
    const b = await member();
    const disabled = await makeMember(t.db, { disabled: true });
    const active = await t.db.select({ id: members.id }).from(members).where(eq(members.disabled, false));
    const res = await announce(admin, { title: '系统升级通知', content: '本周六 22:00 至 24:00 系统升级，期间暂停下单。', member_rid: '' });
    expect(res.data).toMatchObject({ sent: active.length, audience: 'all' });
    const rows = await t.db.select().from(memberMessages).where(eq(memberMessages.title, '系统升级通知'));
    expect(rows).toHaveLength(active.length);
    expect(new Set(rows.map((r) => r.rid)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.memberId))).toEqual(new Set(active.map((m) => m.id)));
    expect(rows.every((r) => r.kind === 'notice' && r.readAt === null && r.createdAt.toISOString() === t.clock.now().toISOString())).toBe(true);
    expect(rows.some((r) => r.memberId === disabled.id)).toBe(false);
    for (const who of [a, b]) {
      const [first] = (await list(who, { unread: '1' })).data.list;
      expect(first).toMatchObject({ kind: 'notice', title: '系统升级通知' });
      // the rid works with message/read
      expect((await post<MemberMessage>('/api/auth/message/read', who, { rid: first!.rid })).data.read).toBe(true);
    }
  });

  it('an unknown member rid is 404 and nothing is written', async () => {
    const res = await announce(admin, { title: '通知', content: '内容', member_rid: 'nobody-here' });
    expect(res.status).toBe(404);
    expect(res.msg).toBe('会员不存在');
    expect(await t.db.select().from(memberMessages).where(and(eq(memberMessages.title, '通知'), isNull(memberMessages.readAt)))).toHaveLength(0);
  });

  it.each([
    [{ content: '内容' }, '[标题]不能为空'],
    [{ title: ' ', content: '内容' }, '[标题]不能为空'],
    [{ title: '标'.repeat(61), content: '内容' }, '[标题]不能超过60个字符'],
    [{ title: '标题' }, '[内容]不能为空'],
    [{ title: '标题', content: '字'.repeat(2001) }, '[内容]不能超过2000个字符'],
    [{ title: '标题', content: '内容', member_rid: 'x'.repeat(41) }, '[会员]不能超过40个字符'],
  ])('bad input %o → 400 %s', async (form, msg) => {
    const res = await announce(admin, form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(msg);
  });

  it('only admin: sales, lab, finance and members are 403, visitors 401, nothing written', async () => {
    const form = { title: '越权公告', content: '不应发出' };
    for (const who of [sales, lab, finance]) expect((await announce(who, form)).status).toBe(403);
    expect((await announce(await member(), form)).status).toBe(403);
    expect((await announce(undefined, form)).status).toBe(401);
    expect(await t.db.select().from(memberMessages).where(eq(memberMessages.title, '越权公告'))).toHaveLength(0);
  });
});
