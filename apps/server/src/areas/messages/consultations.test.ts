import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConsultation, MemberMessage, Page } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { outbox } from '../../db/schema';
import { consultations } from './consultations.tables';
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
