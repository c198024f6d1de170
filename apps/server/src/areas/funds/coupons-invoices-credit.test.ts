import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_ONLY_TEACHER_OR_ENTERPRISE,
  Organization,
  SPECIAL_INVOICE_NEEDS_UNIT,
  type AssetOverview,
  type CouponTemplate,
  type CreditApplication,
  type CreditInfo,
  type InvoiceApplication,
  type InvoiceTitle,
  type MemberCoupon,
  type Page,
} from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { randomId } from '../../platform/crypto';
import { couponTemplates, memberCoupons } from './funds.tables';
import { getCreditLine } from './credit.service';
import { payWithFundsAndCoupon } from './coupon-redemption';
import { fundsContext, member, post, staffOf, topUpViaApi, type Person } from './test-helpers';

let t: TestContext;
let finance: Awaited<ReturnType<typeof staffOf>>;
let lab: Awaited<ReturnType<typeof staffOf>>;
let admin: Awaited<ReturnType<typeof staffOf>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  finance = await staffOf(t, 'finance');
  lab = await staffOf(t, 'lab');
  admin = await staffOf(t, 'admin');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const claimable = async (who: Person) => (await post<CouponTemplate[]>(t, '/api/auth/discount4user/list4all', who)).data;
const mine = async (who: Person, status?: string) => {
  const res = await post<Page<MemberCoupon>>(t, '/api/auth/discount4user/all', who, { status });
  if (res.code !== 1) throw new Error(res.msg);
  return res.data;
};

describe('coupons', () => {
  it('lists the seeded claimable templates; claiming is limited per member', async () => {
    const who = await member(t);
    const list = await claimable(who);
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['新用户立减 ¥50', 'XRD 测试 9 折']));
    const newcomer = list.find((c) => c.name === '新用户立减 ¥50')!;
    expect(newcomer).toMatchObject({ amountFen: 5_000, thresholdFen: 30_000, perMemberLimit: 1, claimable: true, scopeText: '全部服务可用' });
    expect(list.find((c) => c.name === 'XRD 测试 9 折')).toMatchObject({ offRateBp: 1000, scope: { kind: 'groups', ids: [31] }, scopeText: expect.stringMatching(/^限.+使用$/) });
    const claimed = await post<MemberCoupon>(t, '/api/auth/discount4user/add', who, { rid: newcomer.rid });
    expect(claimed).toMatchObject({ code: 1, msg: '领取成功', data: { status: 'unused', statusText: '可使用' } });
    expect(new Date(claimed.data.validTo).getTime() - t.clock.now().getTime()).toBe(30 * DAY);
    expect(await post(t, '/api/auth/discount4user/add', who, { rid: newcomer.rid })).toMatchObject({ status: 409, msg: '每人限领1张，您已领取' });
    expect((await claimable(who)).find((c) => c.rid === newcomer.rid)).toMatchObject({ claimedByMe: 1, claimable: false });
    expect(await post(t, '/api/auth/discount4user/add', who, { rid: 'nope' })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/discount4user/add', who, {})).toMatchObject({ status: 400, msg: '[优惠券]不能为空' });
    const promotions = await post<{ coupons: CouponTemplate[] }[]>(t, '/api/auth/promotion/all4user', who);
    expect(promotions.data[0]!.coupons.length).toBeGreaterThan(0);
  });

  it('concurrent claims never exceed the stock or the per-member limit', async () => {
    const [template] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '限量券', amountFen: 1_000, validDays: 7, totalStock: 5, perMemberLimit: 2 }).returning();
    const people = await Promise.all(Array.from({ length: 6 }, () => member(t)));
    const results = await Promise.all(people.flatMap((p) => [post(t, '/api/auth/discount4user/add', p, { rid: template!.rid }), post(t, '/api/auth/discount4user/add', p, { rid: template!.rid }), post(t, '/api/auth/discount4user/add', p, { rid: template!.rid })]));
    expect(results.filter((r) => r.code === 1)).toHaveLength(5);
    expect(results.filter((r) => r.code === 0).every((r) => r.status === 409 && ['优惠券已领完', '每人限领2张，您已领取'].includes(r.msg))).toBe(true);
    const [after] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, template!.id));
    expect(after!.claimedCount).toBe(5);
  });

  it('my coupons by status: unused, used, expired; staff-issued coupons arrive; staff-only templates cannot be claimed', async () => {
    const who = await member(t);
    const [staffOnly] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '大客户专享', amountFen: 20_000, thresholdFen: 100_000, validDays: 10, claimable: false }).returning();
    expect(await post(t, '/api/auth/discount4user/add', who, { rid: staffOnly!.rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/admin/funds/coupon/issue', lab, { rid: staffOnly!.rid, member_rid: who.member.rid })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/coupon/issue', who, { rid: staffOnly!.rid, member_rid: who.member.rid })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/coupon/issue', finance, { rid: staffOnly!.rid, member_rid: who.member.rid })).toMatchObject({ code: 1, data: { name: '大客户专享' } });
    const [short] = await t.db.insert(couponTemplates).values({ rid: randomId(), name: '三日券', amountFen: 500, validDays: 3 }).returning();
    await post(t, '/api/auth/discount4user/add', who, { rid: short!.rid });
    expect((await mine(who, 'unused')).total).toBe(2);
    await topUpViaApi(t, who, finance, '2000');
    const big = (await mine(who, 'unused')).list.find((c) => c.name === '大客户专享')!;
    await expect(payWithFundsAndCoupon(t.db, { ownerKind: 'member', ownerId: who.member.id, memberId: who.member.id, amountFen: 99_999, reference: 'order:T1', couponRid: big.rid, now: t.clock.now() })).rejects.toMatchObject({ code: 'COUPON_THRESHOLD' });
    const other = await member(t);
    await expect(payWithFundsAndCoupon(t.db, { ownerKind: 'member', ownerId: other.member.id, memberId: other.member.id, amountFen: 100_000, reference: 'order:T2', couponRid: big.rid, now: t.clock.now() })).rejects.toMatchObject({ status: 404 });
    expect(await payWithFundsAndCoupon(t.db, { ownerKind: 'member', ownerId: who.member.id, memberId: who.member.id, amountFen: 100_000, reference: 'order:T3', couponRid: big.rid, now: t.clock.now() })).toEqual({ discountFen: 20_000, paidFen: 80_000 });
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.prestoreFen).toBe(120_000);
    expect((await mine(who, 'used')).list.map((c) => c.name)).toEqual(['大客户专享']);
    // three days later the short coupon has expired (moved back in the database: tokens live two hours)
    await t.db.update(memberCoupons).set({ validTo: new Date(t.clock.now().getTime() - 1000) }).where(eq(memberCoupons.memberId, who.member.id));
    expect((await mine(who, 'expired')).list.map((c) => c.name)).toEqual(['三日券']);
    expect((await mine(who, 'unused')).total).toBe(0);
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.couponNum).toBe(0);
    expect(await post(t, '/api/auth/discount4user/all', who, { status: 'lost' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });
});

describe('coupon templates (staff)', () => {
  it('creates amount and rate templates with validation; members see the claimable ones', async () => {
    // the admin, whose coupon limit is unbounded: a percent-off or unlimited template is above finance's (approvals.test.ts)
    const add = (form: Record<string, string>) => post<CouponTemplate>(t, '/api/admin/funds/coupon/template/add', admin, form);
    expect(await add({ amount: '10' , valid_days: '7' })).toMatchObject({ status: 400, msg: '[优惠券名称]不能为空' });
    expect(await add({ name: '券', valid_days: '7' })).toMatchObject({ status: 400, msg: '[优惠金额]与[折扣比例]请填写其中一项' });
    expect(await add({ name: '券', amount: '10', percent_off: '10', valid_days: '7' })).toMatchObject({ status: 400, msg: '[优惠金额]与[折扣比例]请填写其中一项' });
    expect(await add({ name: '券', amount: '-10', valid_days: '7' })).toMatchObject({ status: 400, msg: '[优惠金额]必须大于0' });
    expect(await add({ name: '券', amount: '10.001', valid_days: '7' })).toMatchObject({ status: 400, msg: '[优惠金额]最多保留两位小数' });
    expect(await add({ name: '券', amount: '10' })).toMatchObject({ status: 400, msg: '请填写[有效天数]或完整的有效期' });
    expect(await add({ name: '券', amount: '10', valid_from: '2026-12-10', valid_to: '2026-12-01' })).toMatchObject({ status: 400, msg: '[结束日期]不能早于开始日期' });
    expect(await add({ name: '券', amount: '10', valid_days: '7', scope: 'groups' })).toMatchObject({ status: 400, msg: '[适用范围]不能为空' });
    expect(await post(t, '/api/admin/funds/coupon/template/add', lab, { name: '券', amount: '10', valid_days: '7' })).toMatchObject({ status: 403 });
    const rate = await add({ name: 'SEM 85 折', percent_off: '15', threshold: '100', valid_from: '2026-12-01', valid_to: '2026-12-31', scope: 'groups', scope_ids: '32', total_stock: '100', per_member_limit: '3' });
    expect(rate).toMatchObject({ code: 1, data: { offRateBp: 1500, amountFen: null, thresholdFen: 10_000, scope: { kind: 'groups', ids: [32] }, remaining: 100, perMemberLimit: 3, validTo: '2026-12-31T15:59:59.999Z' } });
    const hidden = await add({ name: '内部券', amount: '88', valid_days: '30', claimable: '0' });
    expect(hidden.data.claimable).toBe(false);
    const who = await member(t);
    const visible = (await claimable(who)).map((c) => c.rid);
    expect(visible).toContain(rate.data.rid);
    expect(visible).not.toContain(hidden.data.rid);
    const all = await post<CouponTemplate[]>(t, '/api/admin/funds/coupon/templates', finance);
    expect(all.data.map((c) => c.rid)).toEqual(expect.arrayContaining([rate.data.rid, hidden.data.rid]));
  });
});

// ---- invoices ----

const unitTitle = { kind: 'unit', title: '复旦大学', tax_no: '12100000425006117P', bank: '中国银行上海分行', bank_account: '4377 5820 1234', address: '上海市杨浦区邯郸路220号', phone: '021-65642222', email: 'finance@fudan.edu.cn' };

describe('invoice titles', () => {
  it('adds, edits, defaults and deletes; one default; unit titles need a tax number', async () => {
    const who = await member(t);
    const other = await member(t);
    expect(await post(t, '/api/auth/invoice/add', who, { kind: 'unit', title: '复旦大学' })).toMatchObject({ status: 400, msg: '[税号]不能为空' });
    expect(await post(t, '/api/auth/invoice/add', who, { kind: 'unit', title: '复旦大学', tax_no: 'abc' })).toMatchObject({ status: 400, msg: '[税号]格式不正确' });
    expect(await post(t, '/api/auth/invoice/add', who, { kind: 'personal' })).toMatchObject({ status: 400, msg: '[发票抬头]不能为空' });
    expect(await post(t, '/api/auth/invoice/add', who, { kind: 'x', title: 'y' })).toMatchObject({ status: 400, msg: '[抬头类型]不正确' });
    expect(await post(t, '/api/auth/invoice/add', who, { kind: 'personal', title: '张三', email: 'bad' })).toMatchObject({ status: 400, msg: '[接收邮箱]格式不正确' });
    const a = await post<InvoiceTitle>(t, '/api/auth/invoice/add', who, { kind: 'personal', title: '张三' });
    expect(a.data).toMatchObject({ default: 1, specialReady: false });
    const b = await post<InvoiceTitle>(t, '/api/auth/invoice/add', who, unitTitle);
    expect(b.data).toMatchObject({ default: 0, specialReady: true });
    expect(await post(t, '/api/auth/invoice/default', who, { rid: b.data.rid })).toMatchObject({ code: 1 });
    let list = (await post<InvoiceTitle[]>(t, '/api/auth/invoice/list', who)).data;
    expect(list.map((x) => [x.rid, x.default])).toEqual([
      [b.data.rid, 1],
      [a.data.rid, 0],
    ]);
    expect(await post(t, '/api/auth/invoice/edit', who, { ...unitTitle, rid: b.data.rid, title: '复旦大学 材料系' })).toMatchObject({ code: 1, data: { title: '复旦大学 材料系', default: 1 } });
    for (const url of ['/api/auth/invoice/del', '/api/auth/invoice/default']) expect(await post(t, url, other, { rid: b.data.rid })).toMatchObject({ status: 404, msg: '发票抬头不存在' });
    expect(await post(t, '/api/auth/invoice/edit', other, { ...unitTitle, rid: b.data.rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/invoice/del', who, { rid: b.data.rid })).toMatchObject({ code: 1 });
    list = (await post<InvoiceTitle[]>(t, '/api/auth/invoice/list', who)).data;
    expect(list.map((x) => [x.rid, x.default])).toEqual([[a.data.rid, 1]]);
  });
});

describe('invoice applications', () => {
  async function prepared() {
    const who = await member(t);
    const personal = (await post<InvoiceTitle>(t, '/api/auth/invoice/add', who, { kind: 'personal', title: '张三', email: 'zs@example.com' })).data;
    const unit = (await post<InvoiceTitle>(t, '/api/auth/invoice/add', who, unitTitle)).data;
    const p1 = await topUpViaApi(t, who, finance, '1000');
    const p2 = await topUpViaApi(t, who, finance, '2000.50');
    return { who, personal, unit, p1, p2 };
  }

  it('covers confirmed top-ups once; special invoices need the full unit title', async () => {
    const { who, personal, unit, p1, p2 } = await prepared();
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.invoiceableFen).toBe(300_050);
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 3, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ status: 400, msg: SPECIAL_INVOICE_NEEDS_UNIT });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 0, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ status: 400, msg: '[发票类型]不正确' });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid })).toMatchObject({ status: 400, msg: '[开票预存单]不能为空' });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 2, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ status: 400, msg: '[收件人]不能为空' });
    const first = await post<InvoiceApplication>(t, '/api/auth/invoiceApply/add', who, { type: 3, title_rid: unit.rid, prestore_rids: `${p1.rid},${p2.rid}` });
    expect(first).toMatchObject({ code: 1, data: { amountFen: 300_050, status: 'pending', typeText: '增值税专用电子发票', title: { title: '复旦大学', tax_no: unitTitle.tax_no } } });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p2.rid })).toMatchObject({ status: 409, msg: '所选款项已申请过发票，不能重复开票' });
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.invoiceableFen).toBe(0);
    // edit while pending: cover only p1; p2 becomes free again
    expect(await post(t, '/api/auth/invoiceApply/edit', who, { rid: first.data.rid, type: 1, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ code: 1, data: { amountFen: 100_000, type: 1 } });
    const second = await post<InvoiceApplication>(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p2.rid });
    expect(second).toMatchObject({ code: 1, data: { amountFen: 200_050, email: 'zs@example.com' } });
    // finance issues one and rejects the other; rejected money can be applied for again
    expect(await post(t, '/api/admin/funds/invoice/issue', finance, { rid: first.data.rid, version: await versionOf(t.db, 'invoice', first.data.rid), invoice_no: '', issued_on: '2026-12-02' })).toMatchObject({ status: 400, msg: '[发票号码]不能为空' });
    expect(await post(t, '/api/admin/funds/invoice/issue', finance, { rid: first.data.rid, version: await versionOf(t.db, 'invoice', first.data.rid), invoice_no: '24312000000012345678', issued_on: '2026/12/02' })).toMatchObject({ status: 400, msg: '[开票日期]格式应为YYYY-MM-DD' });
    expect(await post(t, '/api/admin/funds/invoice/issue', lab, { rid: first.data.rid, version: await versionOf(t.db, 'invoice', first.data.rid), invoice_no: '1', issued_on: '2026-12-02' })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/invoice/issue', finance, { rid: first.data.rid, version: await versionOf(t.db, 'invoice', first.data.rid), invoice_no: '24312000000012345678', issued_on: '2026-12-02' })).toMatchObject({ code: 1, data: { status: 'issued', invoiceNo: '24312000000012345678', issuedOn: '2026-12-02' } });
    expect(await post(t, '/api/auth/invoiceApply/edit', who, { rid: first.data.rid, type: 1, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ status: 409 });
    expect(await post(t, '/api/admin/funds/invoice/reject', finance, { rid: second.data.rid, version: await versionOf(t.db, 'invoice', second.data.rid), reason: '抬头有误' })).toMatchObject({ code: 1, data: { status: 'rejected', rejectReason: '抬头有误' } });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p2.rid })).toMatchObject({ code: 1 });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p1.rid })).toMatchObject({ status: 409 });
    const issued = await post<Page<InvoiceApplication>>(t, '/api/auth/asset/invoiceHistory', who);
    expect(issued.data.list.map((a) => a.rid)).toEqual([first.data.rid]);
    expect((await post<Page<InvoiceApplication>>(t, '/api/auth/invoiceApply/list', who)).data.total).toBe(3);
  });

  it("refuses pending top-ups and another member's top-ups, titles and applications (404)", async () => {
    const { who, personal, p1 } = await prepared();
    const other = await member(t);
    const pending = await topUpViaApi(t, who, finance, '500', false);
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: pending.rid })).toMatchObject({ status: 400, msg: `预存单 ${pending.applyNo} 尚未到账，不能开票` });
    const otherTitle = (await post<InvoiceTitle>(t, '/api/auth/invoice/add', other, { kind: 'personal', title: '李四', email: 'ls@example.com' })).data;
    expect(await post(t, '/api/auth/invoiceApply/add', other, { type: 1, title_rid: otherTitle.rid, prestore_rids: p1.rid })).toMatchObject({ status: 404, msg: '预存申请不存在' });
    expect(await post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: otherTitle.rid, prestore_rids: p1.rid })).toMatchObject({ status: 404, msg: '发票抬头不存在' });
    const app = await post<InvoiceApplication>(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p1.rid });
    expect(await post(t, '/api/auth/invoiceApply/info', other, { rid: app.data.rid })).toMatchObject({ status: 404, msg: '开票申请不存在' });
    expect(await post(t, '/api/auth/invoiceApply/info', who, { rid: app.data.rid })).toMatchObject({ code: 1, data: { items: [{ kind: 'prestore', ref: p1.rid, amountFen: 100_000 }] } });
    // concurrent applications for the same money: exactly one wins
    const p3 = await topUpViaApi(t, who, finance, '300');
    const race = await Promise.all(Array.from({ length: 8 }, () => post(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p3.rid })));
    expect(race.filter((r) => r.code === 1)).toHaveLength(1);
    expect(race.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it('e-invoice file: finance uploads a pdf to an issued application; the owner downloads it', async () => {
    const { who, personal, p1 } = await prepared();
    const app = await post<InvoiceApplication>(t, '/api/auth/invoiceApply/add', who, { type: 1, title_rid: personal.rid, prestore_rids: p1.rid });
    const pdf = Buffer.from('%PDF-1.4\n% test invoice\n');
    const upload = () => {
      const boundary = '----inv';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rid"\r\n\r\n${app.data.rid}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: '/api/admin/funds/invoice/file', headers: { token: finance.token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    expect((await upload()).statusCode).toBe(409);
    await post(t, '/api/admin/funds/invoice/issue', finance, { rid: app.data.rid, version: await versionOf(t.db, 'invoice', app.data.rid), invoice_no: '001', issued_on: '2026-12-01' });
    expect((await upload()).json()).toMatchObject({ code: 1, data: { hasFile: true } });
    const file = await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/file?rid=${app.data.rid}`, headers: { token: who.token } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const other = await member(t);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/invoiceApply/file?rid=${app.data.rid}`, headers: { token: other.token } })).statusCode).toBe(404);
  });
});

// ---- credit ----

describe('credit (pay after test)', () => {
  it('teachers and enterprises apply; finance approves a limit the ordering issue can read', async () => {
    const student = await member(t, { organization: Organization.student });
    expect(await post(t, '/api/auth/creditApply/operate', student, { action: 'apply', limit: '5000', reason: '课题组测试需求' })).toMatchObject({ status: 403, msg: CREDIT_ONLY_TEACHER_OR_ENTERPRISE });
    const teacher = await member(t, { organization: Organization.teacher });
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '0', reason: 'x' })).toMatchObject({ status: 400, msg: '[申请额度]必须大于0' });
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '100.123', reason: 'x' })).toMatchObject({ status: 400, msg: '[申请额度]最多保留两位小数' });
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '100' })).toMatchObject({ status: 400, msg: '[申请说明]不能为空' });
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'steal' })).toMatchObject({ status: 400, msg: '[操作]不正确' });
    const applied = await post<CreditInfo>(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '50000', reason: '国家自然科学基金项目，测试量大' });
    expect(applied).toMatchObject({ code: 1, data: { limitFen: 0, applications: [{ requestedFen: 5_000_000, status: 'pending' }] } });
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'apply', limit: '1000', reason: '再申请' })).toMatchObject({ status: 409 });
    const rid = applied.data.applications[0]!.rid;
    const other = await member(t, { organization: Organization.enterprise });
    expect(await post(t, '/api/auth/creditApply/operate', other, { action: 'cancel', rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/admin/funds/credit/approve', lab, { rid, version: await versionOf(t.db, 'credit', rid), limit: '30000' })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/credit/approve', teacher, { rid, version: await versionOf(t.db, 'credit', rid), limit: '30000' })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/credit/approve', finance, { rid, version: await versionOf(t.db, 'credit', rid), limit: '-1' })).toMatchObject({ status: 400, msg: '[授信额度]必须大于0' });
    // ¥20,000: within finance's own credit limit (a larger line is filed for a second person: value-gate.test.ts)
    expect(await post<CreditApplication>(t, '/api/admin/funds/credit/approve', finance, { rid, version: await versionOf(t.db, 'credit', rid), limit: '20000' })).toMatchObject({ code: 1, data: { status: 'approved', approvedFen: 2_000_000 } });
    expect(await getCreditLine(t.db, teacher.member.id)).toBe(2_000_000);
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', teacher)).data.creditLimitFen).toBe(2_000_000);
    expect(await post(t, '/api/auth/creditApply/operate', teacher, { action: 'cancel', rid })).toMatchObject({ status: 409 });
    const again = await post<CreditInfo>(t, '/api/auth/creditApply/operate', other, { action: 'apply', limit: '1000', reason: '企业月结' });
    const otherRid = again.data.applications[0]!.rid;
    expect(await post(t, '/api/admin/funds/credit/refuse', finance, { rid: otherRid, version: await versionOf(t.db, 'credit', otherRid), reason: '资料不全' })).toMatchObject({ code: 1, data: { status: 'refused', decisionNote: '资料不全' } });
    expect(await getCreditLine(t.db, other.member.id)).toBe(0);
    const list = await post<Page<CreditApplication>>(t, '/api/admin/funds/credit/list', finance, { status: 'approved' });
    expect(list.data.list.some((a) => a.rid === rid)).toBe(true);
  });
});
