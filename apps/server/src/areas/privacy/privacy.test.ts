import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { closedMemberLabel, SmsPurpose, type AdminClosureRow, type Page, type PrivacyOverview } from '@lab/contract';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeStaff } from '../../../test/factories';
import {
  accounts,
  auditLog,
  authSessions,
  communities,
  communityMembers,
  consultationMessages,
  consultations,
  invoiceApplications,
  invoiceTitles,
  ledgerEntries,
  memberAddresses,
  memberConsents,
  memberMessages,
  members,
  orders,
  rebateWithdrawals,
} from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { fundMember } from '../orders/test-helpers';
import { makeOrder } from '../growth/growth.test-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z', rateLimit: false });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof makeLoggedInMember>>;
const person = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(t.db, t.clock.now(), overrides);
const overview = (p: Person) => call<PrivacyOverview>(t.app, 'POST', '/api/auth/privacy/overview', { token: p.token });
const close = (p: Person, form: Record<string, string>) => call<{ closedAt: string }>(t.app, 'POST', '/api/auth/privacy/close', { token: p.token, form });
const download = (p: Person, format: 'json' | 'xlsx') => t.app.inject({ method: 'GET', url: `/api/auth/privacy/export?format=${format}`, headers: { token: p.token } });

/** A member with something in every section: address, invoice title and application, a paid order, funds, a message, a community. */
async function memberWithData(name: string) {
  const p = await person({ name, email: `${randomId(6)}@example.edu.cn`, company: '复旦大学' });
  await t.db.insert(memberAddresses).values({ rid: randomId(), memberId: p.member.id, name, phone: p.member.phone, province: '上海市', city: '上海市', area: '杨浦区', addressCode: '310110', address: '邯郸路220号', isDefault: true });
  await t.db.insert(invoiceTitles).values({ rid: randomId(), memberId: p.member.id, kind: 'personal', title: name, phone: p.member.phone, isDefault: true });
  const order = await makeOrder(t.db, p.member.id, { progress: 'completed', payment: 'paid', paidFen: 600_00, contact: name, phone: p.member.phone, completedAt: t.clock.now() });
  await t.db.insert(invoiceApplications).values({
    rid: randomId(),
    memberId: p.member.id,
    type: 1,
    title: { kind: 'personal', title: name, tax_no: null, bank: null, bank_account: null, address: null, phone: p.member.phone, email: null },
    amountFen: 600_00,
    receiver: name,
    receiverPhone: p.member.phone,
    status: 'issued',
  });
  await t.db.insert(memberConsents).values({ memberId: p.member.id, purpose: 'marketing_sms', granted: true, channel: 'settings', ip: '10.1.2.3', userAgent: 'e2e' });
  await t.db.insert(memberMessages).values({ rid: randomId(), memberId: p.member.id, title: '订单已完成', content: `${name}您好，订单 ${order.orderNo} 已完成` });
  const [community] = await t.db.insert(communities).values({ rid: randomId(), name: `课题组${randomId(4)}`, unit: '复旦大学', ownerMemberId: (await person()).member.id, reviewStatus: 'approved' }).returning();
  await t.db.insert(communityMembers).values({ communityId: community!.id, memberId: p.member.id, status: 'approved' });
  const [thread] = await t.db.insert(consultations).values({ memberId: p.member.id, name, phone: p.member.phone, content: `${name}的咨询：XRD 要多少样品？` }).returning();
  await t.db.insert(consultationMessages).values([
    { consultationId: thread!.id, author: 'staff', content: '约 200 mg 即可。', createdAt: new Date(Date.now() + 1000) },
    { consultationId: thread!.id, author: 'member', content: `${name}的追问：块体可以吗？`, createdAt: new Date(Date.now() + 2000) },
  ]);
  return { ...p, order, community: community!, thread: thread! };
}

describe('privacy/export (下载我的数据)', () => {
  it('gives a JSON copy with every section, only of the caller, and writes an audit row', async () => {
    const me = await memberWithData('张三');
    const other = await memberWithData('李四');
    await fundMember(t.db, me.member.id, 100_00, t.clock.now());

    const res = await download(me, 'json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const file = res.json() as { format: string; sections: Record<string, { title: string; rows: Record<string, unknown>[] }> };
    expect(file.format).toBe('lab-member-data/1');
    for (const key of ['account', 'attestation', 'addresses', 'orders', 'orderLines', 'invoiceTitles', 'invoices', 'ledger', 'pointsExchanges', 'messages', 'communities', 'pickups', 'sampleReturns', 'requirements', 'consultations', 'consents']) {
      expect(file.sections[key], key).toBeDefined();
    }
    expect(file.sections.account!.rows[0]).toMatchObject({ phone: me.member.phone, name: '张三', prestoreYuan: 100 });
    expect(file.sections.orders!.rows.map((o) => o.orderNo)).toEqual([me.order.orderNo]);
    expect(file.sections.addresses!.rows).toHaveLength(1);
    expect(file.sections.invoices!.rows[0]).toMatchObject({ title: '张三', amountYuan: 600 });
    expect(file.sections.ledger!.rows[0]).toMatchObject({ account: '预存款', amount: 100 });
    expect(file.sections.messages!.rows[0]!.content).toContain('张三');
    expect(file.sections.communities!.rows[0]).toMatchObject({ unit: '复旦大学', role: '成员' });
    // 我的咨询: the whole thread, the question first, with who wrote each message
    expect(file.sections.consultations!.title).toBe('我的咨询');
    expect(file.sections.consultations!.rows.map((r) => [r.rid, r.status, r.author, r.content])).toEqual([
      [me.thread.rid, '待回复', '张三', '张三的咨询：XRD 要多少样品？'],
      [me.thread.rid, '待回复', '客服', '约 200 mg 即可。'],
      [me.thread.rid, '待回复', '张三', '张三的追问：块体可以吗？'],
    ]);
    expect(file.sections.consents!.rows).toEqual([expect.objectContaining({ purpose: '营销短信', granted: '同意', channel: '账号设置', ip: '10.1.2.3' })]);
    // nothing of the other member anywhere in the file
    const text = res.body;
    expect(text).not.toContain(other.member.phone);
    expect(text).not.toContain('李四');
    expect(text).not.toContain(other.order.orderNo);

    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, me.member.id), eq(auditLog.action, 'privacy.export')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: null, staffRole: 'member', entity: 'member', targetKey: me.member.rid });
    expect(rows[0]!.staffName).not.toContain('张三');
  });

  it('gives an xlsx copy with one sheet per section and Chinese headers', async () => {
    const me = await memberWithData('王五');
    const res = await download(me, 'xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['说明', '账号信息', '收货地址', '订单', '订单明细', '发票抬头', '开票申请', '资金与积分流水', '站内消息', '科研团体', '同意记录']));
    const account = book.getWorksheet('账号信息')!;
    expect(account.getRow(1).getCell(2).value).toBe('手机号');
    expect(account.getRow(2).getCell(2).value).toBe(me.member.phone);
    expect(book.getWorksheet('订单')!.getRow(2).getCell(1).value).toBe(me.order.orderNo);
  });

  it('allows five copies an hour, then answers 429 until the hour has passed', async () => {
    const me = await person();
    for (let i = 0; i < 5; i += 1) expect((await download(me, 'json')).statusCode).toBe(200);
    const refused = await download(me, 'json');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 0, msg: expect.stringContaining('每小时最多下载5次') });
    expect((await overview(me)).data.exportsLeftThisHour).toBe(0);
    t.clock.advance(61 * 60_000);
    expect((await download(me, 'json')).statusCode).toBe(200);
  });

  it('is refused without a member login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/privacy/export?format=json' });
    expect(res.statusCode).toBe(401);
  });
});

describe('privacy/close (注销账号) refused while something is in flight', () => {
  it('lists an open order, a prestore balance, a pending withdrawal and a pending invoice, each with its reason', async () => {
    const p = await person();
    const open = await makeOrder(t.db, p.member.id, { progress: 'testing', payment: 'paid', paidFen: 600_00 });
    await fundMember(t.db, p.member.id, 50_00, t.clock.now());
    await t.db.insert(rebateWithdrawals).values({ rid: randomId(), memberId: p.member.id, amountFen: 10_00, method: 'prestore', status: 'pending' });
    await t.db.insert(invoiceApplications).values({ rid: randomId(), memberId: p.member.id, type: 1, title: { kind: 'personal', title: 'x', tax_no: null, bank: null, bank_account: null, address: null, phone: null, email: null }, amountFen: 1, status: 'pending' });
    await makeOrder(t.db, p.member.id, { progress: 'completed', payment: 'unsettled', payLater: true });

    const seen = await overview(p);
    expect(seen.data.blockers.map((b) => b.code)).toEqual(['open_orders', 'unpaid_orders', 'prestore_balance', 'withdrawals_pending', 'invoices_pending']);
    expect(seen.data.blockers[0]!.reason).toContain(open.orderNo);
    expect(seen.data.blockers[2]!.reason).toContain('50.00');

    const res = await close(p, { password: defaultPassword });
    expect(res).toMatchObject({ status: 409, code: 0 });
    for (const b of seen.data.blockers) expect(res.msg).toContain(b.reason);
    const [row] = await t.db.select().from(members).where(eq(members.id, p.member.id));
    expect(row).toMatchObject({ closedAt: null, phone: p.member.phone, disabled: false });
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, p.member.id), eq(auditLog.action, 'privacy.close')))).toHaveLength(0);
  });

  it('refuses while a community the member owns holds money, and while they own one at all', async () => {
    const p = await person();
    const [community] = await t.db.insert(communities).values({ rid: randomId(), name: '催化课题组', unit: '复旦大学', ownerMemberId: p.member.id }).returning();
    await t.db.insert(communityMembers).values({ communityId: community!.id, memberId: p.member.id, role: 'owner', status: 'approved' });
    const [account] = await t.db.insert(accounts).values({ ownerKind: 'community', ownerId: community!.id, kind: 'prestore', balanceFen: 0 }).returning();
    await t.db.transaction(async (tx) => {
      const { creditAccount } = await import('../funds/ledger.service');
      await creditAccount(tx, account!.id, 20_00, 'topup', `test:${randomId()}`, { kind: 'system', id: null }, t.clock.now());
    });
    const seen = await overview(p);
    expect(seen.data.blockers.map((b) => b.code)).toEqual(['community_balance', 'community_owner']);
    expect(seen.data.blockers[0]!.reason).toContain('催化课题组');
    expect((await close(p, { password: defaultPassword })).status).toBe(409);
  });

  it('refuses a rebate balance and frozen rebates; points are not a blocker but shown', async () => {
    const p = await person();
    await t.db.insert(accounts).values([
      { ownerKind: 'member', ownerId: p.member.id, kind: 'rebate', balanceFen: 0 },
      { ownerKind: 'member', ownerId: p.member.id, kind: 'points', balanceFen: 0 },
    ]);
    const { creditAccount } = await import('../funds/ledger.service');
    const mine = await t.db.select().from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, p.member.id)));
    await t.db.transaction(async (tx) => {
      await creditAccount(tx, mine.find((a) => a.kind === 'rebate')!.id, 5_00, 'rebate_release', `test:${randomId()}`, { kind: 'system', id: null }, t.clock.now());
      await creditAccount(tx, mine.find((a) => a.kind === 'points')!.id, 120, 'points_award', `test:${randomId()}`, { kind: 'system', id: null }, t.clock.now());
    });
    const seen = await overview(p);
    expect(seen.data.blockers.map((b) => b.code)).toEqual(['rebate_balance']);
    expect(seen.data.pointsBalance).toBe(120);
  });

  it('refuses a wrong password and a wrong SMS code without closing anything', async () => {
    const p = await person();
    expect(await close(p, { password: 'not-the-password' })).toMatchObject({ status: 400, msg: expect.stringContaining('登录密码错误') });
    expect(await close(p, { code: '000000' })).toMatchObject({ code: 0 });
    expect(await close(p, {})).toMatchObject({ status: 400, msg: '[短信验证码或登录密码]不能为空' });
    const [row] = await t.db.select().from(members).where(eq(members.id, p.member.id));
    expect(row!.closedAt).toBeNull();
  });
});

describe('privacy/close (注销账号) succeeds', () => {
  it('erases the personal data, keeps orders, invoices and ledger entries under 已注销用户#id, revokes sessions, audits, and frees the phone', async () => {
    const p = await memberWithData('赵六');
    const phone = p.member.phone;
    // money that came in and went out again: the ledger entries stay, the balance is 0
    await fundMember(t.db, p.member.id, 30_00, t.clock.now());
    const [account] = await t.db.select().from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, p.member.id)));
    const { payFromFunds } = await import('../funds/ledger.service');
    await t.db.transaction((tx) => payFromFunds(tx, { ownerKind: 'member', ownerId: p.member.id, amountFen: 30_00, reference: `order:${p.order.orderNo}`, actor: { kind: 'member', id: p.member.id }, now: t.clock.now() }));
    expect((await overview(p)).data.blockers).toEqual([]);

    // confirmed by the SMS code sent to the member's own phone
    expect(await call(t.app, 'POST', '/api/auth/privacy/close/code', { token: p.token })).toMatchObject({ code: 1, msg: '验证码已发送' });
    const code = await lastSmsCode(t.db, phone);
    const res = await close(p, { code });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '账号已注销', data: { closedAt: t.clock.now().toISOString() } });
    const label = closedMemberLabel(p.member.id);

    const [row] = await t.db.select().from(members).where(eq(members.id, p.member.id));
    expect(row).toMatchObject({ phone: label, nickname: label, name: null, email: null, company: null, passwordHash: null, disabled: true, closedAt: t.clock.now() });
    expect(await t.db.select().from(memberAddresses).where(eq(memberAddresses.memberId, p.member.id))).toEqual([]);
    expect(await t.db.select().from(invoiceTitles).where(eq(invoiceTitles.memberId, p.member.id))).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(order).toMatchObject({ orderNo: p.order.orderNo, paidFen: 600_00, contact: label, phone: '' });
    const [invoice] = await t.db.select().from(invoiceApplications).where(eq(invoiceApplications.memberId, p.member.id));
    expect(invoice).toMatchObject({ amountFen: 600_00, status: 'issued', receiver: null, receiverPhone: null });
    expect(invoice!.title).toMatchObject({ kind: 'personal', title: label, phone: null });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account!.id))).toHaveLength(2);
    const [message] = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, p.member.id));
    expect(message).toMatchObject({ content: '' });
    const consents = await t.db.select().from(memberConsents).where(eq(memberConsents.memberId, p.member.id)).orderBy(memberConsents.id);
    // the history stays without where it came from; 营销短信 is withdrawn by the closure
    expect(consents).toEqual([
      expect.objectContaining({ purpose: 'marketing_sms', granted: true, ip: null, userAgent: null }),
      expect.objectContaining({ purpose: 'marketing_sms', granted: false, ip: null, userAgent: null }),
    ]);
    const [membership] = await t.db.select().from(communityMembers).where(eq(communityMembers.memberId, p.member.id));
    expect(membership!.status).toBe('removed');
    // nothing in the shop's tables still holds the name or the phone for this member
    const everything = JSON.stringify([row, order, invoice, message]);
    expect(everything).not.toContain('赵六');
    expect(everything).not.toContain(phone);

    // every session is over, the old token answers 401, and no login works
    const live = await t.db.select().from(authSessions).where(and(eq(authSessions.subjectKind, 'member'), eq(authSessions.subjectId, p.member.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await overview(p)).status).toBe(401);
    expect(await call(t.app, 'POST', '/api/open/login', { form: { account: phone, password: defaultPassword } })).toMatchObject({ code: 0 });
    expect(await call(t.app, 'POST', '/api/open/login', { form: { account: p.member.rid, password: defaultPassword } })).toMatchObject({ code: 0 });

    // the audit row, written with the change, without the person's data
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, p.member.id), eq(auditLog.action, 'privacy.close')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staffId: null, entity: 'member', targetKey: p.member.rid, input: { confirmedBy: 'sms' }, after: expect.objectContaining({ label, ordersKept: 1, invoicesKept: 1 }) });
    expect(JSON.stringify(audits[0])).not.toContain(phone);

    // the phone registers again as a new account
    await call(t.app, 'POST', '/api/open/code4sms', { form: { phone, useFor: String(SmsPurpose.register) } });
    t.clock.advance(61_000);
    const registered = await call<{ rid: string }>(t.app, 'POST', '/api/open/sign', { form: { phone, code: await lastSmsCode(t.db, phone), password: defaultPassword, agreement: '1' } });
    expect(registered).toMatchObject({ code: 1 });
    const [fresh] = await t.db.select().from(members).where(eq(members.phone, phone));
    expect(fresh!.id).not.toBe(p.member.id);
    expect(fresh!.closedAt).toBeNull();

    // the back office's 注销记录 lists it, read-only, without personal data
    const sales = await makeStaff(t.db, 'sales', t.clock.now());
    const list = await call<Page<AdminClosureRow>>(t.app, 'POST', '/api/admin/privacy/closures', { token: sales.token, form: { page: '1', pageSize: '50' } });
    expect(list.code).toBe(1);
    expect(list.data.list.find((r) => r.id === p.member.id)).toMatchObject({ label, confirmedBy: 'sms', orderCount: 1, invoiceCount: 1, auditId: audits[0]!.id });
  });

  it('can be confirmed with the login password; a closed account cannot close again', async () => {
    const p = await person({ phone: uniquePhone() });
    expect(await close(p, { password: defaultPassword })).toMatchObject({ code: 1 });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, p.member.id), eq(auditLog.action, 'privacy.close')));
    expect(audits[0]!.input).toEqual({ confirmedBy: 'password' });
    // the token is dead
    expect((await close(p, { password: defaultPassword })).status).toBe(401);
  });
});
