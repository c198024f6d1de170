import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry, LoginResult, Page, StaffAccount } from '@lab/contract';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { bindTotp, staffLoginWithTotp, totpCode } from '../../../test/auth-flows';
import { auditLog, staff } from '../../db/schema';
import { makeOrder, memberOf, pdfBytes, progressContext, uploadReport } from '../orders/desk/progress.test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof makeStaff>>;

beforeAll(async () => {
  t = await createTestContext();
  admin = await makeStaff(t.db, 'admin', t.clock.now());
});
afterAll(() => t?.close());

const post = <T = unknown>(url: string, token: string | undefined, json: Record<string, unknown> = {}) =>
  call<T>(t.app, 'POST', url, { ...(token ? { token } : {}), json });

const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

describe('the audit trail', () => {
  it('writes who, what and the order before and after for a lab step; a refused step writes nothing', async () => {
    const { item, lab } = await progressContext(t);
    const member = await memberOf(t);
    const order = await makeOrder(t, item, member.member.id, { progress: 'awaiting_sample' });

    const received = await post('/api/admin/orders/receive', lab.token, { order_no: `${order.orderNo}-1-2` });
    expect(received.code).toBe(1);
    const row = await lastAudit();
    expect(row).toMatchObject({ staffId: lab.id, staffRole: 'lab', action: 'orders.receive', actionLabel: '确认收样', entity: 'order', targetKey: `${order.orderNo}-1-2` });
    expect(row!.before).toMatchObject({ orderNo: order.orderNo, progress: 'awaiting_sample', receivedAt: null });
    expect(row!.after).toMatchObject({ orderNo: order.orderNo, progress: 'received' });
    expect(row!.input).toEqual({ order_no: `${order.orderNo}-1-2` });

    const before = await auditCount();
    const again = await post('/api/admin/orders/receive', lab.token, { order_no: order.orderNo });
    expect(again.status).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('names the order of a multipart report upload from its fields, with the file list before and after', async () => {
    const { item, lab } = await progressContext(t);
    const member = await memberOf(t);
    const order = await makeOrder(t, item, member.member.id, { progress: 'testing' });
    const uploaded = await uploadReport(t, lab, { order_no: order.orderNo }, { name: 'XRD报告.pdf', bytes: pdfBytes });
    expect(uploaded.code).toBe(1);
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'orders.report.upload', targetKey: order.orderNo });
    expect((row!.before as { files: unknown[] }).files).toEqual([]);
    expect((row!.after as { files: { name: string }[] }).files.map((f) => f.name)).toEqual(['XRD报告.pdf']);
    expect(row!.input).toEqual({ order_no: order.orderNo, file: 'XRD报告.pdf' });
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    await expect(t.db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
  });

  it('is searched by the admin: by person, kind, action, object and day; the list of known actions', async () => {
    const list = await post<Page<AuditEntry>>('/api/admin/audit/list', admin.token, { entity: 'order', action: 'orders.receive' });
    expect(list.code).toBe(1);
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((entry) => entry.action === 'orders.receive')).toBe(true);
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await post<Page<AuditEntry>>('/api/admin/audit/list', admin.token, { from: today, to: today })).data.total).toBeGreaterThan(1);
    expect((await post<Page<AuditEntry>>('/api/admin/audit/list', admin.token, { to: '2000-01-01' })).data.total).toBe(0);
    const entry = list.data.list[0]!;
    expect((await post<AuditEntry>('/api/admin/audit/detail', admin.token, { id: entry.id })).data).toEqual(entry);
    expect((await post('/api/admin/audit/detail', admin.token, { id: 999_999 })).status).toBe(404);
    expect((await post('/api/admin/audit/list', admin.token, { from: '2026/01/01' })).msg).toBe('[开始日期]格式应为YYYY-MM-DD');

    const actions = await post<{ action: string; label: string; entity: string }[]>('/api/admin/audit/actions', admin.token);
    expect(actions.data).toContainEqual({ action: 'orders.receive', label: '确认收样', entity: 'order' });
    expect(actions.data).toContainEqual({ action: 'staff.add', label: '新增员工', entity: 'staff' });
  });
});

describe('staff accounts (admin)', () => {
  it('adds a person who can then log in, lists and finds them; duplicate accounts and phones are refused', async () => {
    const phone = uniquePhone();
    const added = await post<StaffAccount>('/api/admin/staff/add', admin.token, { account: 'li.lab', name: '李实验', role: 'lab', phone, password: 'Start@2026' });
    expect(added).toMatchObject({ code: 1, msg: '员工账号已创建', data: { account: 'li.lab', name: '李实验', role: 'lab', phone, disabled: false } });
    const row = await lastAudit();
    expect(row).toMatchObject({ action: 'staff.add', entity: 'staff', targetKey: String(added.data.id), before: null });
    expect(row!.after).toMatchObject({ account: 'li.lab', role: 'lab' });
    expect(row!.input.password).toBe('******');
    expect(JSON.stringify(row)).not.toContain('Start@2026');
    expect(JSON.stringify(row!.after)).not.toContain('argon2');

    const login = await post<LoginResult>('/api/admin/login', undefined, { account: 'li.lab', password: 'Start@2026' });
    expect(login).toMatchObject({ code: 1, msg: '登录成功!' });
    expect(login.data.token).toMatch(/^[\w-]{40,}$/);
    const list = await post<Page<StaffAccount>>('/api/admin/staff/list', admin.token, { keyword: '李实验' });
    expect(list.data.list.map((s) => s.account)).toEqual(['li.lab']);
    expect((await post<Page<StaffAccount>>('/api/admin/staff/list', admin.token, { role: 'lab', pageSize: 100 })).data.list.every((s) => s.role === 'lab')).toBe(true);

    expect((await post('/api/admin/staff/add', admin.token, { account: 'li.lab', name: '另一个', role: 'sales', password: 'Start@2026' })).msg).toBe('该账号已存在');
    expect((await post('/api/admin/staff/add', admin.token, { account: 'other.one', name: '另一个', role: 'sales', phone, password: 'Start@2026' })).msg).toBe('该手机号已绑定其他员工账号');
    expect((await post('/api/admin/staff/add', admin.token, { account: '1x', name: '甲', role: 'sales', password: 'Start@2026' })).msg).toContain('[账号]');
    expect((await post('/api/admin/staff/add', admin.token, { account: 'new.one', name: '甲', role: 'boss', password: 'Start@2026' })).msg).toBe('[角色]不正确');
    expect((await post('/api/admin/staff/add', admin.token, { account: 'new.one', name: '甲', role: 'sales', password: 'short' })).msg).toBe('[初始密码]不能少于10位');
  });

  it('changes role and name (the next call sees the new role), resets the password (sessions end) and disables (sessions end)', async () => {
    const person = await makeStaff(t.db, 'sales', t.clock.now());
    expect((await post('/api/admin/funds/prestore/list', person.token)).status).toBe(403);
    const updated = await post<StaffAccount>('/api/admin/staff/update', admin.token, { id: person.id, name: '王财务', role: 'finance' });
    expect(updated.data).toMatchObject({ name: '王财务', role: 'finance' });
    expect(await lastAudit()).toMatchObject({ action: 'staff.update', before: expect.objectContaining({ role: 'sales' }), after: expect.objectContaining({ role: 'finance' }) });
    expect((await post('/api/admin/funds/prestore/list', person.token)).status).toBe(200);

    const reset = await post('/api/admin/staff/password', admin.token, { id: person.id, password: 'NewPass@2026' });
    expect(reset.code).toBe(1);
    expect((await post('/api/admin/me', person.token)).status).toBe(401);
    // now finance: the password, then the authenticator's code
    const again = await staffLoginWithTotp(t, person.account, 'NewPass@2026', await bindTotp(t, person.id));
    expect(again).toMatchObject({ code: 1, msg: '登录成功!' });

    const disabled = await post<StaffAccount>('/api/admin/staff/status', admin.token, { id: person.id, disabled: '1' });
    expect(disabled).toMatchObject({ msg: '员工账号已停用', data: { disabled: true } });
    expect((await post('/api/admin/me', again.data.token)).status).toBe(401);
    expect((await post('/api/admin/login', undefined, { account: person.account, password: 'NewPass@2026' })).msg).toBe('该员工账号已停用');
    expect((await post<StaffAccount>('/api/admin/staff/status', admin.token, { id: person.id, disabled: '0' })).data.disabled).toBe(false);
    expect((await post('/api/admin/staff/update', admin.token, { id: 999_999, name: '甲', role: 'lab' })).status).toBe(404);
  });

  it('keeps at least one active admin and never lets an admin disable themself', async () => {
    const others = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'admin'));
    for (const other of others) if (other.id !== admin.id) await t.db.update(staff).set({ disabled: true }).where(eq(staff.id, other.id));
    const demote = await post('/api/admin/staff/update', admin.token, { id: admin.id, name: '管理员', role: 'sales' });
    expect(demote).toMatchObject({ status: 409, msg: '至少需要保留一名启用的管理员' });
    const self = await post('/api/admin/staff/status', admin.token, { id: admin.id, disabled: '1' });
    expect(self.msg).toBe('不能停用自己的账号');
    for (const other of others) await t.db.update(staff).set({ disabled: false }).where(eq(staff.id, other.id));
  });

  it('names every staff member for pickers, to any role', async () => {
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const names = await post<{ id: number; name: string; role: string }[]>('/api/admin/staff/names', lab.token);
    expect(names.data.some((n) => n.id === lab.id)).toBe(true);
    expect(JSON.stringify(names.data)).not.toContain('passwordHash');
  });
});

describe('staff login by SMS', () => {
  it('sends a code only to an active staff phone (same answer otherwise) and logs in with it once', async () => {
    const phone = uniquePhone();
    await post('/api/admin/staff/add', admin.token, { account: 'sms.login', name: '短信登录', role: 'sales', phone, password: 'Start@2026' });
    const sent = await post('/api/admin/code4sms', undefined, { phone });
    expect(sent).toMatchObject({ code: 1, msg: '验证码已发送!' });
    const code = await lastSmsCode(t.db, phone);

    const stranger = uniquePhone();
    expect(await post('/api/admin/code4sms', undefined, { phone: stranger })).toMatchObject({ code: 1, msg: '验证码已发送!' });
    await expect(lastSmsCode(t.db, stranger)).rejects.toThrow();

    const wrong = await post('/api/admin/loginForCode', undefined, { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.msg).toBe('验证码错误，还可尝试4次');
    const login = await post<LoginResult>('/api/admin/loginForCode', undefined, { phone, code });
    expect(login).toMatchObject({ code: 1, msg: '登录成功!' });
    expect((await post<{ account: string }>('/api/admin/me', login.data.token)).data.account).toBe('sms.login');
    expect((await post('/api/admin/loginForCode', undefined, { phone, code })).msg).toBe('验证码错误或已失效，请重新获取');
    // a member's login code is not a staff login code
    expect((await post('/api/admin/loginForCode', undefined, { phone: stranger, code: '123456' })).code).toBe(0);
  });

  it('answers a second request within the minute alike for a staff phone and a stranger (issue 16: only staff phones were held)', async () => {
    const phone = uniquePhone();
    await post('/api/admin/staff/add', admin.token, { account: 'sms.cooldown', name: '冷却', role: 'lab', phone, password: 'Start@2026' });
    const stranger = uniquePhone();
    const twice = async (who: string) => {
      const first = await post('/api/admin/code4sms', undefined, { phone: who });
      const second = await post('/api/admin/code4sms', undefined, { phone: who });
      return [first.status, first.msg, second.status, second.msg];
    };
    const staffAnswers = await twice(phone);
    expect(staffAnswers).toEqual([200, '验证码已发送!', 429, '验证码发送过于频繁，请60秒后再试']);
    expect(await twice(stranger)).toEqual(staffAnswers);
  });

  it('leads finance on from the SMS code to the authenticator code', async () => {
    const phone = uniquePhone();
    const added = await post<StaffAccount>('/api/admin/staff/add', admin.token, { account: 'sms.finance', name: '短信财务', role: 'finance', phone, password: 'Start@2026' });
    const secret = await bindTotp(t, added.data.id);
    await post('/api/admin/code4sms', undefined, { phone });
    const first = await post<{ mfa: string; challenge: string }>('/api/admin/loginForCode', undefined, { phone, code: await lastSmsCode(t.db, phone) });
    expect(first).toMatchObject({ code: 1, msg: '请输入身份验证器中的动态码', data: { mfa: 'totp' } });
    expect(first.data).not.toHaveProperty('token');
    const login = await post<LoginResult>('/api/admin/login/totp', undefined, { challenge: first.data.challenge, code: totpCode(secret, t.clock.now()) });
    expect(login).toMatchObject({ code: 1, msg: '登录成功!' });
    expect((await post<{ account: string }>('/api/admin/me', login.data.token)).data.account).toBe('sms.finance');
  });
});
