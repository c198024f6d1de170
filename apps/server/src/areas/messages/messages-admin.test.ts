import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { AdminConsultation, AdminConsultationThread, AnnouncementView, OutboxEntry, Page } from '@lab/contract';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { auditLog, consultations } from '../../db/schema';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;
let sales: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await makeStaff(t.db, 'admin', t.clock.now());
  sales = await makeStaff(t.db, 'sales', t.clock.now());
});
afterAll(() => t?.close());

const post = <T = unknown>(url: string, token: string | undefined, json: Record<string, unknown> = {}) =>
  call<T>(t.app, 'POST', url, { ...(token ? { token } : {}), json });
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

describe('the outbox (admin)', () => {
  it('lists what the providers sent, newest first, by channel and recipient, with verification codes masked', async () => {
    const phone = uniquePhone();
    expect((await post('/api/open/code4sms', undefined, { phone, useFor: '0' })).code).toBe(1);
    const code = await lastSmsCode(t.db, phone);
    const page = await post<Page<OutboxEntry>>('/api/admin/messages/outbox', admin.token, { channel: 'sms', recipient: phone });
    expect(page.code).toBe(1);
    expect(page.data.total).toBe(1);
    const [entry] = page.data.list;
    expect(entry).toMatchObject({ channel: 'sms', recipient: phone, template: 'verify_code' });
    expect(entry!.body).toContain('******');
    expect(entry!.body).not.toContain(code);
    expect((await post<Page<OutboxEntry>>('/api/admin/messages/outbox', admin.token, { channel: 'email', recipient: phone })).data.total).toBe(0);
    expect((await post('/api/admin/messages/outbox', admin.token, { channel: 'fax' })).msg).toBe('[渠道]不正确');
    expect((await post('/api/admin/messages/outbox', sales.token)).status).toBe(403);
  });
});

describe('announcements (admin)', () => {
  it('keeps each announcement with its sender and reach, and audits it', async () => {
    const one = await makeLoggedInMember(t.db, t.clock.now(), { name: '孙同学' });
    const sent = await post<AnnouncementView>('/api/admin/growth/announce', admin.token, { title: '实验室开放日', content: '本周六开放参观。', member_rid: one.member.rid });
    expect(sent).toMatchObject({ code: 1, msg: '公告已发送', data: { title: '实验室开放日', audience: 'member', sent: 1, member: { rid: one.member.rid, name: '孙同学' } } });
    const all = await post<AnnouncementView>('/api/admin/growth/announce', admin.token, { title: '春节安排', content: '2 月 10 日至 17 日暂停收样。' });
    expect(all.data.audience).toBe('all');
    expect(all.data.sent).toBeGreaterThanOrEqual(1);

    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'messages.announce', entity: 'announcement', targetKey: all.data.rid, before: null });
    expect(row.after).toMatchObject({ title: '春节安排', sent: all.data.sent });

    const list = await post<Page<AnnouncementView>>('/api/admin/messages/announcements', admin.token);
    expect(list.data.list.slice(0, 2).map((a) => a.title)).toEqual(['春节安排', '实验室开放日']);
    expect(list.data.list[0]!.staffName).toBe('测试admin');
  });
});

describe('consultations (sales)', () => {
  it('finds consultations by a word, answers any number of times with the person who answered, and audits each reply', async () => {
    const phone = uniquePhone();
    const [row] = await t.db.insert(consultations).values({ name: '吴女士', phone, company: '华东理工大学', content: '请问 TEM 制样周期多久？' }).returning();
    const found = await post<Page<AdminConsultation>>('/api/admin/growth/consultation/list', sales.token, { keyword: '华东理工', status: 'pending' });
    expect(found.data.list.map((c) => c.id)).toEqual([row!.id]);

    const replied = await post<AdminConsultationThread>('/api/admin/growth/consultation/reply', sales.token, { id: row!.id, reply: '一般 3 个工作日。' });
    expect(replied.data).toMatchObject({ status: 'replied', messageCount: 2, lastMessage: { author: 'staff', name: '测试sales', content: '一般 3 个工作日。' } });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'messages.consultation.reply', targetKey: String(row!.id) });
    expect(audit.before).toMatchObject({ status: 'pending', messages: 1 });
    expect(audit.after).toMatchObject({ status: 'replied', messages: 2 });

    const again = await post<AdminConsultationThread>('/api/admin/growth/consultation/reply', sales.token, { id: row!.id, reply: '加急 1 个工作日。' });
    expect(again.code).toBe(1);
    expect(again.data.messages.map((m) => m.content)).toEqual(['请问 TEM 制样周期多久？', '一般 3 个工作日。', '加急 1 个工作日。']);
    expect((await lastAudit()).id).not.toBe(audit.id);
  });
});
