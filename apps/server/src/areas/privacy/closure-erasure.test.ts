import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { closedMemberLabel, type AddressEntity, type CommunitySummary, type Contract, type InvoiceApplication, type InvoiceTitle, type OnlinePayStart, type OrderDetail, type PrestoreApplication, type Requirement, type Reservation, type Sampling } from '@lab/contract';
import { call, createTestContext, lastSmsCode, uniquePhone, type TestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { multipart, pdfBytes } from '../../../test/access-world';
import { versionOf } from '../../../test/decision-pins';
import { queryRows } from '../../db/client';
import { accounts, couponTemplates, exchangeItems, ledgerEntries, memberMessages } from '../../db/schema';
import { randomDigits, randomId } from '../../platform/crypto';
import { creditAccount, ensureAccount, systemActor } from '../funds/ledger.service';
import { seedAgreements } from '../content/agreements.seed';
import { saveMemberSettings } from '../member/test-helpers';
import { makeItem } from '../orders/test-helpers';
import { termsVersionOf } from '../growth/growth.test-helpers';
import { sendReminders } from '../orders/desk/reminders.service';
import { searchEverywhere, type Hit } from './closure-erasure.test-helpers';

/**
 * Issue 28 hole 6: after 注销账号 nothing in the database still holds the member's personal data.
 * A member uses every feature through the site's own calls (with staff acting on them through the
 * back office's calls), typing a marker into every free-text field; then closes the account. The
 * whole database is then searched — every table and every text, json and array column, read from
 * the catalog, not from a list — for the member's name, phone, e-mail, IP address, browser, their
 * advisor's contact and every marker. Each is found before the closure (so the search can see
 * it) and nowhere after, except where a row is another person's own record (said below).
 */

/** Sunday 2026-03-08 10:00 in Shanghai: Monday is bookable, and tomorrow's pickup reminders go out. */
const NOW = '2026-03-08T02:00:00Z';
const MONDAY = '2026-03-09';
const IP = '198.51.100.77';
const UA = 'Mozilla/5.0 (ErasureProbe; Win64) Chrome/131.0';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedAgreements(t.db, t.clock.now());
  await saveMemberSettings(t.db);
});
afterAll(() => t?.close());

describe('注销账号 leaves nothing of the person in the database', () => {
  it('a member who used every feature, closed: no name, phone, e-mail, address, browser or typed text of theirs is left anywhere', async () => {
    const now = () => t.clock.now();
    const tag = randomId(5).replace(/[^A-Za-z0-9]/g, 'x');
    const mark = (what: string) => `MK${what}${tag}`;
    const bankAccount = `6222${randomDigits(12)}`;
    const person = {
      phone: uniquePhone(),
      name: `欧阳${tag.slice(0, 2)}昊`,
      email: `ouyang.${tag.toLowerCase()}@example.edu.cn`,
      nickname: `昊${mark('NICK')}`,
      teacher: `司马${tag.slice(2, 4)}教授`,
      teacherPhone: uniquePhone(),
      teacherMail: `sima.${tag.toLowerCase()}@example.edu.cn`,
    };

    // ---- staff, another member (a community owner and a points recipient), the catalogue ----
    const [admin, sales, lab, finance] = await Promise.all([makeStaff(t.db, 'admin', now()), makeStaff(t.db, 'sales', now()), makeStaff(t.db, 'lab', now()), makeStaff(t.db, 'finance', now())]);
    const other = await makeLoggedInMember(t.db, now(), { name: '钱老师', nickname: '钱老师', organization: 3 });
    const item = await makeItem(t.db);
    const instrument = await makeItem(t.db, { reservable: true });
    const [gift] = await t.db.insert(exchangeItems).values({ rid: randomId(), name: '实验记录本', kind: 'gift', points: 10 }).returning();

    /** The member's requests come from their own address and browser. */
    let token = '';
    const inject = async <T>(method: 'GET' | 'POST', url: string, form?: Record<string, unknown>) => {
      const options: InjectOptions = { method, url, remoteAddress: IP, headers: { 'user-agent': UA, ...(token ? { token } : {}) } };
      if (form) {
        options.payload = JSON.stringify(form);
        options.headers!['content-type'] = 'application/json';
      }
      const res = await t.app.inject(options);
      const body = res.json() as { code: number; msg: string; data: T };
      expect(body.code, `${url}: ${res.statusCode} ${body.msg}`).toBe(1);
      return body.data;
    };
    const me = <T = unknown>(url: string, form: Record<string, unknown> = {}) => inject<T>('POST', url, form);
    const staff = async <T = unknown>(who: { token: string }, url: string, form: Record<string, unknown> = {}) => {
      const res = await call<T>(t.app, 'POST', url, { token: who.token, json: form });
      expect(res.code, `${url}: ${res.status} ${res.msg}`).toBe(1);
      return res.data;
    };

    // ---- 在线咨询 before registering, then registration with both ticks, a password login, a QR login ----
    await inject('POST', '/api/open/indexMsg/add', { name: person.name, phone: person.phone, company: `复旦大学${mark('CO')}`, content: `想咨询XRD ${mark('CONSULT')}` });
    const [consultation] = await queryRows<{ id: number }>(t.db, sql`select id from consultations where phone = ${person.phone}`);
    await staff(sales, '/api/admin/growth/consultation/reply', { id: String(consultation!.id), reply: `${person.name}您好，已安排工程师联系` });
    await inject('POST', '/api/open/code4sms', { phone: person.phone, useFor: '0' });
    await inject('POST', '/api/open/sign', { phone: person.phone, code: await lastSmsCode(t.db, person.phone), password: 'Kx7#Lab-Tests26', agreement: '1', marketing: '1' });
    token = (await inject<{ token: string }>('POST', '/api/open/login', { account: person.phone, password: 'Kx7#Lab-Tests26' })).token;
    // ---- 我的咨询: a question asked logged in, the lab's reply naming them, a follow-up ----
    const thread = await me<{ rid: string }>('/api/auth/consult/add', { content: `块体样品可以测吗 ${mark('ASK')}` });
    const [threadRow] = await queryRows<{ id: number }>(t.db, sql`select id from consultations where rid = ${thread.rid}`);
    await staff(sales, '/api/admin/growth/consultation/reply', { id: String(threadRow!.id), reply: `${person.name}老师，块体可以` });
    await me('/api/auth/consult/reply', { rid: thread.rid, content: `谢谢 ${mark('FOLLOWUP')}` });
    const ticket = await inject<{ ticket: string }>('GET', '/api/open/wx/ticket');
    await inject('POST', '/api/open/wx/scan', { ticket: ticket.ticket });
    await me('/api/auth/wx/confirm', { ticket: ticket.ticket });
    await inject('POST', '/api/open/wx/qrCodeLogin', { ticket: ticket.ticket });
    const [memberRow] = await queryRows<{ id: number; rid: string }>(t.db, sql`select id, rid from members where phone = ${person.phone}`);
    const member = memberRow!;

    // ---- profile, attestation, addresses, invoice titles, settings ----
    await me('/api/auth/user/updateInfo', { nickname: person.nickname });
    await me('/api/auth/user/update4contact', { name: person.name, email: person.email });
    await me('/api/auth/user/update4profile', {
      name: person.name,
      email: person.email,
      organization: 0,
      company: '复旦大学',
      teacher: person.teacher,
      teacher_phone: person.teacherPhone,
      teacher_mail: person.teacherMail,
      address_code: '310110',
      province: '上海市',
      city: '上海市',
      area: '杨浦区',
      address: `邯郸路${mark('ATTEST')}号`,
    });
    await staff(sales, '/api/admin/attestation/approve', { rid: member.rid, note: `已核实${person.name}的学生证` });
    // 申请老师认证, refused with words about them (issue 31)
    const asked = await me<{ latest: { rid: string } }>('/api/auth/user/apply4teacher', { note: `${person.name}，复旦大学讲师${mark('TEACHERASK')}` });
    await staff(sales, '/api/admin/teacher/refuse', { rid: asked.latest.rid, reason: `${person.name}的教职未能核实` });
    await staff(sales, '/api/admin/member/organization', { rid: member.rid, organization: 3 });
    const address = await me<AddressEntity>('/api/auth/address/add', { name: person.name, phone: person.phone, province: '上海市', city: '上海市', area: '徐汇区', address_code: '310104', address: `漕溪北路${mark('ADDR')}号`, default: '1' });
    const title = await me<InvoiceTitle>('/api/auth/invoice/add', { kind: 'personal', title: person.name, phone: person.phone, email: person.email, address: `个人地址${mark('TITLEADDR')}` });
    await me('/api/auth/consent/marketingSms', { granted: '0' });
    const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '老客户券', amountFen: 20_00, claimable: false, validDays: 30 }).returning();
    await staff(sales, '/api/admin/funds/coupon/issue', { rid: template!.rid, member_rid: member.rid });
    await staff(admin, '/api/admin/growth/announce', { member_rid: member.rid, title: '专属通知', content: `${person.name}老师，您的账户已开通测试后结算` });

    // ---- a requirement with an attachment, quoted, withdrawn ----
    const requirement = await me<Requirement>('/api/auth/demand/add', { title: `薄膜测试${mark('REQTITLE')}`, content: `需要掠入射${mark('REQBODY')}`, samples: `薄膜3片${mark('REQSAMPLE')}`, budget: `两千${mark('BUDGET')}`, contact: person.name, phone: person.phone });
    await multipart(t.app, '/api/auth/demand/file', token, { rid: requirement.rid }, { name: `样品说明${mark('FILE')}.pdf`, bytes: pdfBytes, type: 'application/pdf' });
    await staff(sales, '/api/admin/demand/quote', { rid: requirement.rid, lines: JSON.stringify([{ rid: item.rid, count: 1, options: { '1': 11 } }]), note: `${person.name}老师，报价如下` });
    await me('/api/auth/demand/cancel', { rid: requirement.rid });

    // ---- an order cancelled by the member, with every text of an order ----
    const sampleOf = (what: string) => ({ name: `样品${mark(what)}`, count: 1, form: 'powder', hazards: `易燃${mark(`${what}HAZ`)}`, magnetic: false, returnWanted: true });
    const planLine = async (note: string) => {
      await me('/api/auth/tempDevice/add', { rid: item.rid, count: 1, options: JSON.stringify({ '1': 11 }), note });
      const [line] = await queryRows<{ rid: string }>(t.db, sql`select rid from plan_lines where member_id = ${member.id} order by id desc limit 1`);
      return line!.rid;
    };
    const placed = async (note: string, what: string) =>
      me<OrderDetail>('/api/auth/order/add', { delivery: 'self', agree: '1', lines: JSON.stringify([{ id: await planLine(note), samples: [sampleOf(what)] }]), contact: person.name, phone: person.phone, remark: `请尽快${mark(`${what}REMARK`)}` });
    const cancelled = await placed(`备注${mark('LINENOTE1')}`, 'O1');
    await me('/api/auth/order/cancel', { order_no: cancelled.orderNo, reason: `不需要了${mark('CANCEL')}` });

    // ---- an order paid online, tested, disputed, retested, confirmed, evaluated, invoiced, samples returned ----
    const order = await placed(`备注${mark('LINENOTE2')}`, 'O2');
    await planLine(`留在计划里${mark('PLANNOTE')}`);
    const paying = await me<OnlinePayStart>('/api/auth/onlinePay/start', { purpose: 'order', order_no: order.orderNo, vendor: 'wechat', scene: 'native' });
    await t.app.inject({ method: 'POST', url: `/pay/gateway/${paying.payment.paymentNo}/paid` });
    await staff(sales, '/api/admin/orders/confirm', { order_no: order.orderNo });
    await staff(lab, '/api/admin/orders/receive', { order_no: order.orderNo, note: `收到${person.name}的样品` });
    await staff(sales, '/api/admin/orders/call', { order_no: order.orderNo, note: `已电话联系${person.name}（${person.phone}）` });
    await staff(lab, '/api/admin/orders/test', { order_no: order.orderNo });
    await multipart(t.app, '/api/admin/orders/report/upload', lab.token, { order_no: order.orderNo }, { name: `${person.name}-XRD报告.pdf`, bytes: pdfBytes, type: 'application/pdf' });
    await staff(lab, '/api/admin/orders/deliver', { order_no: order.orderNo });
    await me('/api/auth/assign/wrong', { order_no: order.orderNo, reason: `峰位不对${mark('DISPUTE')}` });
    await staff(lab, '/api/admin/orders/retest', { order_no: order.orderNo, note: `按${person.name}的要求复测` });
    await staff(lab, '/api/admin/orders/deliver', { order_no: order.orderNo });
    await me('/api/auth/assign/right', { order_no: order.orderNo });
    await me('/api/auth/evaluate/add', { order_no: order.orderNo, score: 5, content: `很好${mark('EVAL')}` });
    const invoice = await me<InvoiceApplication>('/api/auth/invoiceApply/add', { type: 1, title_rid: title.rid, order_nos: [order.orderNo], email: person.email, receiver: person.name, receiver_phone: person.phone, receiver_address: `收票地址${mark('RECV')}`, remark: `报销用${mark('INVREMARK')}` });
    await staff(finance, '/api/admin/funds/invoice/issue', { rid: invoice.rid, version: await versionOf(t.db, 'invoice', invoice.rid), invoice_no: '25310000000012345678', issued_on: '2026-03-08' });
    const recycle = await me<{ rid: string }>('/api/auth/sample4recycle/add', { order_no: order.orderNo, samples: `薄膜${mark('RETURN')}`, address_rid: address.rid, message: `请包好${mark('RETMSG')}` });
    await staff(sales, '/api/admin/returns/send', { rid: recycle.rid, carrier: '顺丰', tracking_no: 'SF1234567890' });

    // ---- a home pickup tomorrow: the reminder job tells the lab (alert and SMS), the lab collects ----
    const pickup = await me<Sampling>('/api/auth/sampling/add', { type: '1', date: MONDAY, time: '09:00', address_rid: address.rid, message: `门卫处${mark('PICKUP')}` });
    await sendReminders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, now());
    await staff(lab, '/api/admin/sampling/collect', { rid: pickup.rid });

    // ---- instrument time booked and cancelled; a contract signed ----
    const reservation = await me<Reservation>('/api/auth/reservation/add', { rid: instrument.rid, date: '2026-03-10', hours: JSON.stringify([10]), note: `自带样品${mark('RESV')}` });
    await me('/api/auth/reservation/cancel', { rid: reservation.rid });
    const contract = await multipart<Contract>(t.app, '/api/admin/contract/add', sales.token, { member_rid: member.rid, title: `${person.name}框架合同` }, { name: 'contract.pdf', bytes: pdfBytes, type: 'application/pdf' });
    await multipart(t.app, '/api/auth/contract/upload', token, { rid: contract.data.rid }, { name: '签署件.pdf', bytes: pdfBytes, type: 'application/pdf' });

    // ---- money applications made and withdrawn ----
    const prestore = await me<PrestoreApplication>('/api/auth/prestoreApply/add', { amount: '1000', payer: `${person.name}${mark('PAYER')}`, remark: `课题经费${mark('PREMARK')}` });
    await me('/api/auth/prestoreApply/cancel', { rid: prestore.rid });
    const credit = await me<{ applications: { rid: string }[] }>('/api/auth/creditApply/operate', { action: 'apply', limit: '20000', reason: `课题组统一结算${mark('CREDIT')}`, contact: person.name });
    await me('/api/auth/creditApply/operate', { action: 'cancel', rid: credit.applications[0]!.rid });

    // ---- communities: joins another's, makes and dissolves one of their own ----
    const othersGroup = await staff<CommunitySummary>(other, '/api/auth/cluster/add', { name: '钱氏课题组', unit: '复旦大学', description: '' });
    await staff(sales, '/api/admin/community/approve', { rid: othersGroup.rid });
    await me('/api/auth/cluster/apply', { rid: othersGroup.rid, message: `我是${person.name}${mark('JOIN')}` });
    await staff(other, '/api/auth/cluster/agree', { rid: othersGroup.rid, member_rid: member.rid, agree: '1' });
    const ownGroup = await me<CommunitySummary>('/api/auth/cluster/add', { name: `${person.name}课题组`, unit: '复旦大学', description: `研究薄膜${mark('GROUP')}` });
    await me('/api/auth/cluster/del', { rid: ownGroup.rid });

    // ---- points: a paper rewarded, a gift shipped, points given to another member with a note ----
    const paper = await me<{ rid: string }>('/api/auth/integration/apply', { title: `论文${mark('PAPER')}`, journal: `期刊${mark('JOURNAL')}`, doi: `10.1000/${mark('DOI')}`, published_on: '2026-01-05' });
    await staff(sales, '/api/admin/growth/points/approve', { rid: paper.rid, version: await versionOf(t.db, 'points', paper.rid), points: 100, reason: `${person.name}的论文已核实` });
    const exchanged = await me<{ rid: string }>('/api/auth/integration/applyExchange', { rid: gift!.rid, address_rid: address.rid });
    await staff(sales, '/api/admin/growth/exchange/ship', { rid: exchanged.rid, note: `寄给${person.name}` });
    await me('/api/auth/integration/transfer', { phone: other.member.phone, name: '钱老师', points: 20, note: `祝贺${mark('GIFTNOTE')}` });

    // ---- a promotion partner: rebates withdrawn to the bank ----
    await me('/api/auth/promoter_apply/add', { name: person.name, phone: person.phone, organization: `复旦大学${mark('PORG')}`, channel: `朋友圈${mark('CHANNEL')}`, terms_version: await termsVersionOf(t, { token }) });
    const [partner] = await queryRows<{ rid: string }>(t.db, sql`select rid from promoter_applications where member_id = ${member.id}`);
    await staff(sales, '/api/admin/growth/partner/approve', { rid: partner!.rid });
    await t.db.transaction(async (tx) => creditAccount(tx, (await ensureAccount(tx, 'member', member.id, 'rebate')).id, 150_00, 'rebate_release', `rebate:test-${randomId()}`, systemActor, now()));
    const withdrawal = await me<{ rid: string }>('/api/auth/promoter_rebate_withdraw/add', { amount: '150', method: 'bank', account_name: person.name, bank_name: '工商银行', bank_account: bankAccount });
    await staff(finance, '/api/admin/growth/withdraw/pay', { rid: withdrawal.rid, version: await versionOf(t.db, 'withdrawal', withdrawal.rid) });

    // ---- a copy of the data, then the closure by SMS code ----
    await inject('GET', '/api/auth/privacy/export?format=json').catch(() => undefined);
    t.clock.advance(61_000);
    await me('/api/auth/privacy/close/code');

    const needles = [
      person.phone,
      person.name,
      person.email,
      person.nickname,
      person.teacher,
      person.teacherPhone,
      person.teacherMail,
      IP,
      UA,
      bankAccount,
      ...['CO', 'CONSULT', 'ASK', 'FOLLOWUP', 'ATTEST', 'ADDR', 'TITLEADDR', 'REQTITLE', 'REQBODY', 'REQSAMPLE', 'BUDGET', 'FILE', 'O1', 'O1HAZ', 'O1REMARK', 'LINENOTE1', 'CANCEL', 'PLANNOTE', 'O2', 'O2HAZ', 'O2REMARK', 'LINENOTE2'].map(mark),
      ...['DISPUTE', 'EVAL', 'RECV', 'INVREMARK', 'RETURN', 'RETMSG', 'PICKUP', 'RESV', 'PAYER', 'PREMARK', 'CREDIT', 'JOIN', 'GROUP', 'PAPER', 'JOURNAL', 'DOI', 'GIFTNOTE', 'PORG', 'CHANNEL', 'TEACHERASK'].map(mark),
    ];
    const before = await searchEverywhere(t.db, needles);
    const unseen = needles.filter((n) => !before.some((h) => h.needle === n));
    expect(unseen, 'each needle is planted somewhere before the closure').toEqual([]);

    const code = await lastSmsCode(t.db, person.phone);
    const closed = await inject<{ closedAt: string }>('POST', '/api/auth/privacy/close', { code });
    expect(closed.closedAt).toBe(now().toISOString());

    // what the other member received is their own record: the note of the points given to them
    // (their message and their points statement), as a transfer's memo stays on the payee's statement
    const [otherPoints] = await t.db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.ownerKind, 'member'), eq(accounts.ownerId, other.member.id), eq(accounts.kind, 'points')));
    const othersOwn = (h: Hit) =>
      h.needle === mark('GIFTNOTE') &&
      ((h.table === 'member_messages' && (JSON.parse(h.row) as { member_id: number }).member_id === other.member.id) ||
        (h.table === 'ledger_entries' && (JSON.parse(h.row) as { account_id: number }).account_id === otherPoints!.id));
    const left = (await searchEverywhere(t.db, needles)).filter((h) => !othersOwn(h));
    expect(left.map((h) => `${h.table}.${h.column} holds ${h.needle}: ${h.row}`)).toEqual([]);

    // the kept records are still there, under 已注销用户#id
    const label = closedMemberLabel(member.id);
    const [kept] = await queryRows<{ contact: string; paid_fen: string }>(t.db, sql`select contact, paid_fen::text from orders where order_no = ${order.orderNo}`);
    expect(kept).toMatchObject({ contact: label });
    expect(Number(kept!.paid_fen)).toBeGreaterThan(0);
    expect(await t.db.$count(ledgerEntries)).toBeGreaterThan(0);
    expect(await t.db.$count(memberMessages, eq(memberMessages.memberId, other.member.id))).toBeGreaterThan(0);
    // about 70 calls: a whole member's life, longer than one call's test
  }, 120_000);

  it('the ledger and the audit log stay append-only: only the erasure, in its own transaction, may change a note or the quoted data of an audit row', async () => {
    const [entry] = await queryRows<{ id: number }>(t.db, sql`select id from ledger_entries order by id limit 1`);
    const [audit] = await queryRows<{ id: number }>(t.db, sql`select id from audit_log order by id limit 1`);
    const refused = (statement: Promise<unknown>) => expect(statement).rejects.toThrow();
    await refused(t.db.execute(sql`update ledger_entries set note = 'x' where id = ${entry!.id}`));
    await refused(t.db.execute(sql`update audit_log set before = '{}'::jsonb where id = ${audit!.id}`));
    const inErasure = (statement: SQL) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('lab.erasure', 'on', true)`);
        await tx.execute(statement);
      });
    await inErasure(sql`update ledger_entries set note = note where id = ${entry!.id}`);
    await inErasure(sql`update audit_log set before = before, ip = null where id = ${audit!.id}`);
    await refused(inErasure(sql`update ledger_entries set amount_fen = amount_fen + 1 where id = ${entry!.id}`));
    await refused(inErasure(sql`update ledger_entries set note = 'x', reference = 'forged' where id = ${entry!.id}`));
    await refused(inErasure(sql`delete from ledger_entries where id = ${entry!.id}`));
    await refused(inErasure(sql`update audit_log set action = 'forged' where id = ${audit!.id}`));
    await refused(inErasure(sql`delete from audit_log where id = ${audit!.id}`));
    // the setting ends with its transaction
    await refused(t.db.execute(sql`update ledger_entries set note = note where id = ${entry!.id}`));
  });
});
