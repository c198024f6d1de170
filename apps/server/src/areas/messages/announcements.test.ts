import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMessage, Page } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { members } from '../../db/schema';
import { memberMessages } from './member-messages.tables';

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

const list = (who: Who, form: Record<string, string | number> = {}) => post<Page<MemberMessage>>('/api/auth/message/list', who, form);

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
