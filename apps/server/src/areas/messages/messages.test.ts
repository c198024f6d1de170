import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMessage, Page, UnreadCount } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { memberMessages } from './member-messages.tables';
import { postMessage } from './messages.service';

let t: TestContext;
type Staff = Awaited<ReturnType<typeof makeStaff>>;
let sales: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  sales = await makeStaff(t.db, 'sales', t.clock.now());
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
