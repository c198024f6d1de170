import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminConsultation, AdminConsultationThread, ConsultationCounts, ConsultationSummary, ConsultationThread, MemberMessage, Page } from '@lab/contract';
import { call, createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeMember, makeStaff } from '../../../test/factories';
import { auditLog, outbox } from '../../db/schema';
import { consultationMessages, consultations } from './consultations.tables';
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
const later = (ms = 60_000) => t.clock.advance(ms);

const inbox = (who: Who) => post<Page<MemberMessage>>('/api/auth/message/list', who, { pageSize: 100 });

/** A question from the contact page (在线咨询), as a visitor or, with `who`, logged in. */
async function consult(phone: string, content = '请问 XRD 粉末样品需要多少量？', name = '李同学', who?: { token: string }) {
  const res = await call<{ id: number }>(t.app, 'POST', '/api/open/indexMsg/add', { ...(who ? { token: who.token } : {}), form: { name, phone, content, company: '同济大学' } });
  expect(res.code).toBe(1);
  return res.data.id;
}
const consultationList = (who: { token: string }, form: Record<string, string | number> = {}) =>
  post<Page<AdminConsultation>>('/api/admin/growth/consultation/list', who, { pageSize: 100, ...form });
const reply = (who: { token: string } | undefined, form: Record<string, string | number>) => post<AdminConsultationThread>('/api/admin/growth/consultation/reply', who, form);
const close = (who: { token: string } | undefined, id: number) => post<AdminConsultationThread>('/api/admin/growth/consultation/close', who, { id });
const staffDetail = (who: { token: string }, id: number) => post<AdminConsultationThread>('/api/admin/growth/consultation/detail', who, { id });
const counts = (who: { token: string }) => post<ConsultationCounts>('/api/admin/growth/consultation/counts', who);
const smsTo = (phone: string) => t.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone), eq(outbox.template, 'consult_reply')));

const myList = (who: Who) => post<Page<ConsultationSummary>>('/api/auth/consult/list', who, { pageSize: 100 });
const myDetail = (who: Who, rid: string) => post<ConsultationThread>('/api/auth/consult/detail', who, { rid });
const ask = (who: Who, content: string) => post<ConsultationThread>('/api/auth/consult/add', who, { content });
const followUp = (who: Who, rid: string, content: string) => post<ConsultationThread>('/api/auth/consult/reply', who, { rid, content });
const rowOf = async (id: number) => (await t.db.select().from(consultations).where(eq(consultations.id, id)))[0]!;
const idOf = async (rid: string) => (await t.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.rid, rid)))[0]!.id;
const messageCount = async (id: number) => (await t.db.select().from(consultationMessages).where(eq(consultationMessages.consultationId, id))).length;

// ---- the thread, from both sides ----

describe('a consultation is a thread (member ↔ sales)', () => {
  it('member asks, sales reply twice, member follows up: every message in time order with its author; the state follows the last one', async () => {
    const me = await member({ name: '陈老师' });
    const asked = await ask(me, 'SEM 能测磁性样品吗？');
    expect(asked.code).toBe(1);
    expect(asked.msg).toBe('咨询已提交');
    expect(asked.data).toMatchObject({ status: 'pending', closedAt: null, messages: [{ author: 'member', name: '陈老师', content: 'SEM 能测磁性样品吗？' }] });
    const id = await idOf(asked.data.rid);

    later();
    const first = await reply(sales, { id, reply: '可以，需先消磁处理。' });
    expect(first.code).toBe(1);
    expect(first.msg).toBe('回复已发送');
    expect(first.data).toMatchObject({ status: 'replied', messageCount: 2, lastMessage: { author: 'staff', name: '测试sales', content: '可以，需先消磁处理。' }, memberRid: me.member.rid });
    later();
    const second = await reply(admin, { id, reply: '消磁另收 50 元。' });
    expect(second.data).toMatchObject({ status: 'replied', messageCount: 3 });
    later();
    const third = await followUp(me, asked.data.rid, '好的，粉末样品也需要消磁吗？');
    expect(third.code).toBe(1);
    expect(third.msg).toBe('留言已发送');
    expect(third.data.status).toBe('pending');

    const thread = await myDetail(me, asked.data.rid);
    expect(thread.data.messages.map((m) => [m.author, m.name, m.content])).toEqual([
      ['member', '陈老师', 'SEM 能测磁性样品吗？'],
      ['staff', '测试sales', '可以，需先消磁处理。'],
      ['staff', '测试admin', '消磁另收 50 元。'],
      ['member', '陈老师', '好的，粉末样品也需要消磁吗？'],
    ]);
    const times = thread.data.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(thread.data.lastMessageAt).toBe(t.clock.now().toISOString());
    expect((await staffDetail(sales, id)).data.messages).toEqual(thread.data.messages);

    const mine = await myList(me);
    expect(mine.data.list).toEqual([
      expect.objectContaining({ rid: asked.data.rid, status: 'pending', content: 'SEM 能测磁性样品吗？', messageCount: 4, lastMessage: expect.objectContaining({ author: 'member', content: '好的，粉末样品也需要消磁吗？' }) }),
    ]);
  });

  it('each staff reply tells the member: an in-site message linking to the thread, and an SMS (and e-mail) by their notice channels', async () => {
    const me = await member({ name: '王同学', email: 'wang@example.edu.cn' });
    const asked = await ask(me, 'XPS 可以做深度剖析吗？');
    const id = await idOf(asked.data.rid);
    await reply(sales, { id, reply: '可以，氩离子刻蚀深度剖析。' });
    await reply(sales, { id, reply: '每个深度点单独计费。' });

    const messages = (await inbox(me)).data.list.filter((m) => m.kind === 'consult');
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).toMatchObject({ title: '您的咨询已回复', link: `/member/consult/${asked.data.rid}`, read: false });
    expect(messages.map((m) => m.content).join('')).toContain('每个深度点单独计费。');
    const sms = await smsTo(me.member.phone);
    expect(sms).toHaveLength(2);
    expect(sms[0]!.body).toContain('【科研检测】');
    expect(sms[0]!.body).toContain('我的咨询');
    const mail = await t.db.select().from(outbox).where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'wang@example.edu.cn'), eq(outbox.template, 'consult_reply')));
    expect(mail).toHaveLength(2);

    // the member's choice for 咨询回复 (账号设置 → 通知方式): e-mail only, so no SMS from here on
    const set = await post('/api/auth/message/channels/set', me, { kind: 'consult_reply', channels: 'email' });
    expect(set.code).toBe(1);
    await reply(sales, { id, reply: '第三条回复' });
    expect(await smsTo(me.member.phone)).toHaveLength(2);
    expect((await inbox(me)).data.list.filter((m) => m.kind === 'consult')).toHaveLength(3);
  });

  it('a member logged in on the contact page, or giving their phone there, finds the question in 我的咨询; a visitor\'s stays out', async () => {
    const me = await member();
    await consult(uniquePhone(), '登录后提交的咨询', '陈', me);
    await consult(me.member.phone, '用本人手机号提交的咨询');
    await consult(uniquePhone(), '别人的咨询');
    const mine = await myList(me);
    expect(mine.data.list.map((c) => c.content).sort()).toEqual(['用本人手机号提交的咨询', '登录后提交的咨询'].sort());
  });

  it('staff close a thread; staff cannot write on it (409, nothing changes, nothing sent); the member reopens it by writing', async () => {
    const me = await member();
    const asked = await ask(me, '能开专票吗？');
    const id = await idOf(asked.data.rid);
    await reply(sales, { id, reply: '可以开具增值税专用发票。' });
    const closed = await close(sales, id);
    expect(closed.code).toBe(1);
    expect(closed.msg).toBe('咨询已关闭');
    expect(closed.data).toMatchObject({ status: 'closed', closedBy: '测试sales', closedAt: t.clock.now().toISOString() });
    expect((await myDetail(me, asked.data.rid)).data.status).toBe('closed');

    const sent = (await smsTo(me.member.phone)).length;
    const refused = await reply(sales, { id, reply: '补充一句' });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('该咨询已关闭，不能回复；客户再次留言后可继续回复');
    expect(await messageCount(id)).toBe(1);
    expect((await rowOf(id)).status).toBe('closed');
    expect(await smsTo(me.member.phone)).toHaveLength(sent);
    const twice = await close(sales, id);
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe('该咨询已关闭');

    later();
    const reopened = await followUp(me, asked.data.rid, '还想问一下开票抬头');
    expect(reopened.data).toMatchObject({ status: 'pending', closedAt: null });
    expect((await reply(sales, { id, reply: '抬头在发票抬头中维护。' })).data.status).toBe('replied');
  });

  it('reply and close are audited with the state before and after', async () => {
    const phone = uniquePhone();
    const id = await consult(phone, '审计用的咨询');
    await reply(sales, { id, reply: '第一次' });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'messages.consultation.reply'), eq(auditLog.targetKey, String(id))));
    expect(audit!.before).toMatchObject({ status: 'pending', messages: 1 });
    expect(audit!.after).toMatchObject({ status: 'replied', messages: 2, lastMessage: { content: '第一次' } });
    await close(sales, id);
    const [closing] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'messages.consultation.close'), eq(auditLog.targetKey, String(id))));
    expect(closing!.after).toMatchObject({ status: 'closed' });
  });
});

// ---- the member's side: ownership, bad input, limits ----

describe('我的咨询 (member)', () => {
  it('another member\'s thread, or none, is 404 for reading and for writing, and nothing changes', async () => {
    const owner = await member();
    const other = await member();
    const asked = await ask(owner, '只属于我的咨询');
    const id = await idOf(asked.data.rid);
    const read = await myDetail(other, asked.data.rid);
    expect(read.status).toBe(404);
    expect(read.msg).toBe('咨询不存在');
    const write = await followUp(other, asked.data.rid, '我来插一句');
    expect(write.status).toBe(404);
    expect(write.msg).toBe('咨询不存在');
    expect(await messageCount(id)).toBe(0);
    expect((await myList(other)).data.list).toEqual([]);
    expect((await myDetail(owner, 'no-such-thread')).status).toBe(404);
    // a visitor's thread (no member) is nobody's on 我的咨询
    const visitor = await consult(uniquePhone(), '访客的咨询');
    const [row] = await t.db.select({ rid: consultations.rid }).from(consultations).where(eq(consultations.id, visitor));
    expect((await myDetail(owner, row!.rid)).status).toBe(404);
  });

  it.each([
    ['/api/auth/consult/add', {}, '[咨询内容]不能为空'],
    ['/api/auth/consult/add', { content: '   ' }, '[咨询内容]不能为空'],
    ['/api/auth/consult/add', { content: '字'.repeat(1001) }, '[咨询内容]不能超过1000个字符'],
    ['/api/auth/consult/reply', { content: '你好' }, '[咨询]不能为空'],
    ['/api/auth/consult/reply', { rid: 'x' }, '[留言内容]不能为空'],
    ['/api/auth/consult/reply', { rid: 'x', content: '字'.repeat(1001) }, '[留言内容]不能超过1000个字符'],
    ['/api/auth/consult/detail', {}, '[咨询]不能为空'],
  ])('%s %o → 400 %s, nothing written', async (url, form, msg) => {
    const me = await member();
    const res = await post(url, me, form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.msg).toBe(msg);
    expect((await t.db.select().from(consultations).where(eq(consultations.memberId, me.member.id))).length).toBe(0);
  });

  it('without a login: 401', async () => {
    for (const url of ['/api/auth/consult/list', '/api/auth/consult/add', '/api/auth/consult/reply', '/api/auth/consult/detail']) {
      expect((await post(url, undefined, { content: '你好', rid: 'x' })).status).toBe(401);
    }
  });

  it('at most 5 questions wait at once, and at most 10 messages in a row before the lab answers (429, nothing written)', async () => {
    const me = await member();
    const rids: string[] = [];
    for (let i = 1; i <= 5; i++) rids.push((await ask(me, `问题${i}`)).data.rid);
    const sixth = await ask(me, '问题6');
    expect(sixth.status).toBe(429);
    expect(sixth.msg).toBe('您已有5条咨询在等待回复，请在已有咨询中继续留言，或等客服回复后再提新问题');
    expect((await myList(me)).data.total).toBe(5);

    // the question counts: nine follow-ups make ten in a row
    const rid = rids[0]!;
    for (let i = 1; i <= 9; i++) expect((await followUp(me, rid, `追问${i}`)).code).toBe(1);
    const tooMany = await followUp(me, rid, '追问10');
    expect(tooMany.status).toBe(429);
    expect(tooMany.msg).toBe('客服回复前最多连续留言10条，请耐心等待回复');
    expect(await messageCount(await idOf(rid))).toBe(9);

    // once the lab answers, the member may write again, and ask a new question
    await reply(sales, { id: await idOf(rid), reply: '已收到，逐条回复如下。' });
    expect((await followUp(me, rid, '谢谢')).code).toBe(1);
    await reply(sales, { id: await idOf(rids[1]!), reply: '好的' });
    expect((await ask(me, '问题6')).code).toBe(1);
  });
});

// ---- sales ----

describe('consultation/list (sales)', () => {
  it('waiting threads first, the longest waiting on top; then the rest by last message; filters by state and finds follow-ups by a word', async () => {
    const known = await member();
    const marker = `单${Date.now() % 100000}`;
    const a = await consult(uniquePhone(), `${marker} 最早的待回复`);
    later();
    const b = await consult(known.member.phone, `${marker} 后来的待回复`);
    later();
    const c = await consult(uniquePhone(), `${marker} 已回复`);
    later();
    await reply(sales, { id: c, reply: '已答复' });

    const res = await consultationList(sales, { keyword: marker });
    expect(res.data.list.map((r) => r.id)).toEqual([a, b, c]);
    expect(res.data.list[1]).toMatchObject({ status: 'pending', memberRid: known.member.rid, messageCount: 1, lastMessage: { author: 'member', content: `${marker} 后来的待回复` } });
    expect(res.data.list[2]).toMatchObject({ status: 'replied', messageCount: 2, lastMessage: { author: 'staff', content: '已答复' } });

    expect((await consultationList(sales, { keyword: marker, status: 'pending' })).data.list.map((r) => r.id)).toEqual([a, b]);
    expect((await consultationList(sales, { keyword: marker, status: 'replied' })).data.list.map((r) => r.id)).toEqual([c]);
    await close(sales, c);
    expect((await consultationList(sales, { keyword: marker, status: 'closed' })).data.list.map((r) => r.id)).toEqual([c]);

    // a word of a follow-up finds its thread
    const me = await member();
    const asked = await ask(me, '普通问题');
    const word = `追问词${Date.now() % 100000}`;
    await followUp(me, asked.data.rid, `还有 ${word}`);
    expect((await consultationList(sales, { keyword: word })).data.list.map((r) => r.id)).toEqual([await idOf(asked.data.rid)]);
  });

  it('counts what waits for an answer (the menu badge)', async () => {
    const before = (await counts(sales)).data.pending;
    const id = await consult(uniquePhone());
    expect((await counts(sales)).data.pending).toBe(before + 1);
    await reply(sales, { id, reply: '好的' });
    expect((await counts(sales)).data.pending).toBe(before);
  });

  it('admin may use them; lab and finance are refused; a member token is 403, none 401', async () => {
    expect((await consultationList(admin)).code).toBe(1);
    for (const who of [lab, finance]) {
      const res = await consultationList(who);
      expect(res.status).toBe(403);
      expect(res.msg).toBe('您的角色无权进行此操作');
      expect((await counts(who)).status).toBe(403);
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
  it('a visitor (no member): each reply goes by SMS with its whole text; no in-site message', async () => {
    const phone = uniquePhone();
    const before = (await t.db.select().from(memberMessages).where(eq(memberMessages.kind, 'consult'))).length;
    const id = await consult(phone);
    const res = await reply(sales, { id, reply: '粉末样品约 200 mg 即可。' });
    expect(res.data).toMatchObject({ status: 'replied', memberRid: null });
    await reply(sales, { id, reply: '块体样品请注明尺寸。' });
    const sms = await smsTo(phone);
    expect(sms.map((s) => s.body)).toEqual(['【科研检测】李同学您好，您的咨询已回复：粉末样品约 200 mg 即可。', '【科研检测】李同学您好，您的咨询已回复：块体样品请注明尺寸。']);
    expect((await t.db.select().from(memberMessages).where(eq(memberMessages.kind, 'consult'))).length).toBe(before);
  });

  it('an unknown consultation is 404', async () => {
    for (const res of [await reply(sales, { id: 99_999_999, reply: '你好' }), await close(sales, 99_999_999), await staffDetail(sales, 99_999_999)]) {
      expect(res.status).toBe(404);
      expect(res.msg).toBe('咨询不存在');
    }
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
    for (const who of [lab, finance]) {
      expect((await reply(who, { id, reply: '你好' })).status).toBe(403);
      expect((await close(who, id)).status).toBe(403);
    }
    expect((await reply(undefined, { id, reply: '你好' })).status).toBe(401);
    expect((await reply(await member(), { id, reply: '你好' })).status).toBe(403);
    expect(await messageCount(id)).toBe(0);
    expect((await rowOf(id)).status).toBe('pending');
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
      const res = await call<AdminConsultationThread>(failing.app, 'POST', '/api/admin/growth/consultation/reply', { token: who.token, form: { id: added.data.id, reply: '可以开具增值税专用发票。' } });
      expect(res.code).toBe(1);
      expect(res.data.status).toBe('replied');
      const messages = await failing.db.select().from(memberMessages).where(eq(memberMessages.memberId, person.id));
      expect(messages.map((m) => m.kind)).toEqual(['consult']);
    } finally {
      await failing.close();
    }
  });
});
