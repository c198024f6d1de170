import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMemberDetail, AdminMemberOrder, AdminMemberRow, LedgerEntry, MemberCoupon, Page } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { defaultPassword, makeLoggedInMember, makeMember } from '../../../test/factories';
import { members, staff } from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { couponTemplates, memberCoupons } from '../funds/funds.tables';
import { promoterApplications } from '../growth/growth.tables';
import { saveMemberSettings } from './test-helpers';
import {
  attestedStudent,
  auditCount,
  auditRowsOf,
  communityOf,
  creditMember,
  lastMessage,
  orderOf,
  staffOf,
  staffPost,
  type Person,
  type Staff,
} from './member-admin.test-helpers';

let t: TestContext;
let sales: Staff;
let finance: Staff;
let lab: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await saveMemberSettings(t.db);
  [sales, finance, lab] = await Promise.all([staffOf(t, 'sales'), staffOf(t, 'finance'), staffOf(t, 'lab')]);
});
afterAll(() => t?.close());

const list = (who: { token: string }, query: Record<string, unknown> = {}) => staffPost<Page<AdminMemberRow>>(t, '/api/admin/member/list', who, query);
const detail = (who: { token: string }, rid: string) => staffPost<AdminMemberDetail>(t, '/api/admin/member/detail', who, { rid });
const at = (iso: string) => new Date(iso);

describe('member/list (sales, finance)', () => {
  let tag: string;
  let teacher: Awaited<ReturnType<typeof makeMember>>;
  let enterprise: Awaited<ReturnType<typeof makeMember>>;
  let fresh: Awaited<ReturnType<typeof makeMember>>;
  let attested: Person;

  beforeAll(async () => {
    // a word only these members carry, so other tests' members never match the filters
    tag = `量子${randomId(4)}`;
    teacher = await makeMember(t.db, { name: '李教授', nickname: '李老师', company: `${tag}大学化学系`, organization: 3, createdAt: at('2026-10-03T16:30:00Z'), lastLoginAt: at('2026-11-20T01:00:00Z'), adviserStaffId: sales.id });
    enterprise = await makeMember(t.db, { name: '周经理', company: `${tag}新材料有限公司`, organization: 2, createdAt: at('2026-11-05T02:00:00Z'), lastLoginAt: at('2026-11-28T01:00:00Z'), disabled: true });
    fresh = await makeMember(t.db, { nickname: '新用户', company: `${tag}研究院`, createdAt: at('2026-11-30T02:00:00Z') });
    attested = await attestedStudent(t, { company: `${tag}大学材料系` }, { createdAt: at('2026-12-01T01:00:00Z') });
  });

  it('finds members by phone, name, nickname or company, newest first, with the adviser and attestation status', async () => {
    const res = await list(sales, { keyword: tag });
    expect(res).toMatchObject({ status: 200, code: 1 });
    expect(res.data.total).toBe(4);
    expect(res.data.list.map((m) => m.rid)).toEqual([attested.member.rid, fresh.rid, enterprise.rid, teacher.rid]);
    expect(res.data.list[3]).toMatchObject({ name: '李教授', organization: 3, adviser: { id: sales.id, name: '测试sales' }, reviewStatus: 'none', disabled: false });
    expect(res.data.list[0]).toMatchObject({ organization: 0, reviewStatus: 'pending', adviser: null });
    expect((await list(sales, { keyword: teacher.phone })).data.list.map((m) => m.rid)).toEqual([teacher.rid]);
    // part of a phone number is looked for among phones
    expect((await list(sales, { keyword: teacher.phone.slice(3) })).data.list.map((m) => m.rid)).toEqual([teacher.rid]);
    expect((await list(sales, { keyword: '李老师' })).data.list.map((m) => m.rid)).toContain(teacher.rid);
    // LIKE wildcards are searched as text
    expect((await list(sales, { keyword: '%' })).data.total).toBe(0);
  });

  it('filters by type, attestation, adviser, account status and registration day (Shanghai)', async () => {
    const rids = async (query: Record<string, unknown>) => (await list(finance, { keyword: tag, ...query })).data.list.map((m) => m.rid);
    expect(await rids({ organization: '3' })).toEqual([teacher.rid]);
    expect(await rids({ organization: 'none' })).toEqual([fresh.rid]);
    expect(await rids({ review: 'pending' })).toEqual([attested.member.rid]);
    expect((await rids({ review: 'none' })).sort()).toEqual([fresh.rid, enterprise.rid, teacher.rid].sort());
    expect(await rids({ adviser: sales.id })).toEqual([teacher.rid]);
    // 'me': the customers of whoever asks
    expect((await list(sales, { keyword: tag, adviser: 'me' })).data.list.map((m) => m.rid)).toEqual([teacher.rid]);
    expect((await list(finance, { keyword: tag, adviser: 'me' })).data.total).toBe(0);
    expect(await list(sales, { adviser: 'someone' })).toMatchObject({ status: 400, msg: '[客户经理]不正确' });
    expect((await rids({ adviser: 'none' })).length).toBe(3);
    expect(await rids({ status: 'disabled' })).toEqual([enterprise.rid]);
    // 2026-10-03T16:30Z is 10-04 00:30 in Shanghai
    expect(await rids({ from: '2026-10-04', to: '2026-10-04' })).toEqual([teacher.rid]);
    expect(await rids({ to: '2026-10-03' })).toEqual([]);
    expect(await rids({ from: '2026-11-05', to: '2026-11-30' })).toEqual([fresh.rid, enterprise.rid]);
  });

  it('sorts by registration or last login (never logged in last) and pages', async () => {
    const byLogin = await list(sales, { keyword: tag, sort: 'lastLoginAt', order: 'descend' });
    expect(byLogin.data.list.slice(0, 2).map((m) => m.rid)).toEqual([enterprise.rid, teacher.rid]);
    const byLoginUp = await list(sales, { keyword: tag, sort: 'lastLoginAt', order: 'ascend' });
    expect(byLoginUp.data.list.slice(0, 2).map((m) => m.rid)).toEqual([teacher.rid, enterprise.rid]);
    const oldest = await list(sales, { keyword: tag, sort: 'createdAt', order: 'ascend', pageSize: 2, page: 1 });
    expect(oldest.data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(oldest.data.list.map((m) => m.rid)).toEqual([teacher.rid, enterprise.rid]);
    const second = await list(sales, { keyword: tag, sort: 'createdAt', order: 'ascend', pageSize: 2, page: 2 });
    expect(second.data.list.map((m) => m.rid)).toEqual([fresh.rid, attested.member.rid]);
  });

  it('refuses bad filters with the first problem, and other roles', async () => {
    expect(await list(sales, { sort: 'phone' })).toMatchObject({ status: 400, msg: '[排序字段]不正确' });
    expect(await list(sales, { organization: '9' })).toMatchObject({ status: 400, msg: '[用户类型]不正确' });
    expect(await list(sales, { review: 'maybe' })).toMatchObject({ status: 400, msg: '[认证状态]不正确' });
    expect(await list(sales, { from: '2026/10/01' })).toMatchObject({ status: 400, msg: '[注册开始日期]格式应为YYYY-MM-DD' });
    expect(await list(sales, { pageSize: 500 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await list(lab)).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    const member = await makeLoggedInMember(t.db, t.clock.now());
    expect(await list(member)).toMatchObject({ status: 403 });
  });
});

describe('member/detail and its tabs', () => {
  it('shows the account, attestation, addresses, orders, money, coupons, communities and partner status', async () => {
    const person = await attestedStudent(t);
    const inviter = await makeMember(t.db, { name: '推荐人' });
    await t.db.update(members).set({ inviterId: inviter.id, adviserStaffId: sales.id }).where(eq(members.id, person.member.id));
    const now = t.clock.now();
    await orderOf(t.db, person.member.id, { progress: 'completed', payment: 'paid', totalFen: 30_000, paidFen: 30_000, createdAt: at('2026-11-01T02:00:00Z') });
    await orderOf(t.db, person.member.id, { progress: 'testing', payment: 'unsettled', totalFen: 50_000, discountFen: 5_000, payLater: true, createdAt: at('2026-11-10T02:00:00Z') });
    await orderOf(t.db, person.member.id, { progress: 'cancelled', totalFen: 20_000, createdAt: at('2026-11-12T02:00:00Z') });
    const newest = await orderOf(t.db, person.member.id, { progress: 'submitted', totalFen: 10_000, createdAt: at('2026-11-20T02:00:00Z') });
    await creditMember(t.db, person.member.id, 123_450, 'prestore', now);
    await creditMember(t.db, person.member.id, 800, 'points', now);
    const community = await communityOf(t.db, person.member.id, { name: '小明课题组', reviewStatus: 'pending' });
    await t.db.insert(promoterApplications).values({ rid: randomId(), memberId: person.member.id, name: '王小明', phone: person.member.phone, organization: '复旦', channel: '课题组', status: 'pending' });

    const res = await detail(finance, person.member.rid);
    expect(res).toMatchObject({ status: 200, code: 1 });
    const d = res.data;
    expect(d.account).toMatchObject({ rid: person.member.rid, phone: person.member.phone, nickname: '小明同学', name: '王小明', organization: 0, company: '复旦大学材料科学系', disabled: false, inviter: { rid: inviter.rid, name: '推荐人' } });
    expect(d.adviser).toEqual({ id: sales.id, name: '测试sales' });
    expect(d.profile).toMatchObject({ teacher: '李教授', address: '邯郸路220号', reviewStatus: 'pending' });
    expect(d.review).toEqual({ status: 'pending', note: null, reviewedAt: null, reviewer: null });
    expect(d.addresses).toEqual([expect.objectContaining({ name: '王小明', address: '邯郸路220号', default: 1 })]);
    expect(d.orders).toMatchObject({ total: 4, open: 2, completed: 1, cancelled: 1, paidFen: 30_000, owedFen: 45_000 + 10_000 });
    expect(d.orders.latest[0]).toMatchObject({ orderNo: newest.orderNo, progress: 'submitted', progressText: '待确认', paymentText: '待支付', totalFen: 10_000 });
    expect(d.funds).toMatchObject({ prestoreFen: 123_450, points: 800, rebateFen: 0, creditLimitFen: 0, usableCoupons: 0, communities: [{ rid: community.rid, name: '小明课题组', balanceFen: 0 }] });
    expect(d.funds.recent).toEqual([expect.objectContaining({ type: 'topup', amountFen: 123_450, balanceAfterFen: 123_450 })]);
    expect(d.communities).toEqual([{ rid: community.rid, name: '小明课题组', unit: '复旦大学材料科学系', role: 'owner', status: 'approved', reviewStatus: 'pending', dissolved: false }]);
    expect(d.partner).toMatchObject({ status: 'pending', statusText: '审核中' });
  });

  it('pages orders, each account and coupons of one member; a member with nothing reads as empty', async () => {
    const person = await makeLoggedInMember(t.db, t.clock.now());
    for (let i = 0; i < 3; i++) await orderOf(t.db, person.member.id, { createdAt: at(`2026-11-0${i + 1}T02:00:00Z`) });
    const page = await staffPost<Page<AdminMemberOrder>>(t, '/api/admin/member/orders', sales, { rid: person.member.rid, pageSize: 2, page: 2 });
    expect(page.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.data.list).toHaveLength(1);

    const empty = await staffPost<Page<LedgerEntry> & { balanceFen: number }>(t, '/api/admin/member/ledger', finance, { rid: person.member.rid, kind: 'points' });
    expect(empty.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20, balanceFen: 0 });
    await creditMember(t.db, person.member.id, 500, 'points', t.clock.now());
    const points = await staffPost<Page<LedgerEntry> & { balanceFen: number }>(t, '/api/admin/member/ledger', finance, { rid: person.member.rid, kind: 'points' });
    expect(points.data).toMatchObject({ total: 1, balanceFen: 500, list: [{ type: 'points_award', typeText: expect.any(String), amountFen: 500 }] });
    expect((await staffPost(t, '/api/admin/member/ledger', finance, { rid: person.member.rid, kind: 'gold' })).msg).toBe('[账户类型]不正确');

    const [template] = await t.db
      .insert(couponTemplates)
      .values({ rid: randomId(), name: '新人券', amountFen: 2_000, thresholdFen: 10_000, scope: { kind: 'all' }, validDays: 30 })
      .returning();
    await t.db.insert(memberCoupons).values({ rid: randomId(), memberId: person.member.id, templateId: template!.id, validFrom: t.clock.now(), validTo: at('2027-01-01T00:00:00Z') });
    const coupons = await staffPost<Page<MemberCoupon>>(t, '/api/admin/member/coupons', sales, { rid: person.member.rid });
    expect(coupons.data).toMatchObject({ total: 1, list: [{ name: '新人券', amountFen: 2_000, status: 'unused', statusText: '可使用' }] });
  });

  it('answers 404 for an unknown member and 400 without one', async () => {
    expect(await detail(sales, 'nobody')).toMatchObject({ status: 404, msg: '会员不存在' });
    expect(await staffPost(t, '/api/admin/member/detail', sales, {})).toMatchObject({ status: 400, msg: '[会员]不能为空' });
    expect(await staffPost(t, '/api/admin/member/orders', sales, { rid: 'nobody' })).toMatchObject({ status: 404, msg: '会员不存在' });
  });
});

describe('member/adviser, organization, status (sales; audited)', () => {
  it('sets and clears the customer manager; only an active sales staff member (or admin) can be one', async () => {
    const person = await makeLoggedInMember(t.db, t.clock.now());
    const rid = person.member.rid;
    const set = await staffPost<AdminMemberRow>(t, '/api/admin/member/adviser', sales, { rid, adviser_id: sales.id });
    expect(set).toMatchObject({ status: 200, msg: '客户经理已设为测试sales', data: { rid, adviser: { id: sales.id, name: '测试sales' } } });
    const [row] = await auditRowsOf(t.db, 'member.adviser', rid);
    expect(row).toMatchObject({ staffId: sales.id, staffRole: 'sales', actionLabel: '设置客户经理', entity: 'member', input: { rid, adviser_id: sales.id } });
    expect(row!.before).toMatchObject({ rid, adviserStaffId: null, adviserName: null });
    expect(row!.after).toMatchObject({ rid, adviserStaffId: sales.id, adviserName: '测试sales' });

    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/member/adviser', sales, { rid, adviser_id: lab.id })).toMatchObject({ status: 409, msg: '只能指定客户经理（销售）角色的员工' });
    const gone = await staffOf(t, 'sales');
    await t.db.update(staff).set({ disabled: true }).where(eq(staff.id, gone.id));
    expect(await staffPost(t, '/api/admin/member/adviser', sales, { rid, adviser_id: gone.id })).toMatchObject({ status: 409, msg: '该员工账号已停用，不能担任客户经理' });
    expect(await staffPost(t, '/api/admin/member/adviser', sales, { rid, adviser_id: 999_999 })).toMatchObject({ status: 404, msg: '客户经理不存在' });
    expect(await staffPost(t, '/api/admin/member/adviser', sales, { rid, adviser_id: 'x' })).toMatchObject({ status: 400, msg: '[客户经理]不正确' });
    expect(await staffPost(t, '/api/admin/member/adviser', finance, { rid, adviser_id: sales.id })).toMatchObject({ status: 403 });
    expect(await auditCount(t.db)).toBe(before);

    const cleared = await staffPost<AdminMemberRow>(t, '/api/admin/member/adviser', sales, { rid, adviser_id: '' });
    expect(cleared).toMatchObject({ status: 200, msg: '已取消客户经理', data: { adviser: null } });
  });

  it('verifies the organisation type, tells the member, and lets a teacher create a community', async () => {
    const person = await attestedStudent(t);
    const rid = person.member.rid;
    const res = await staffPost<AdminMemberRow>(t, '/api/admin/member/organization', sales, { rid, organization: '3' });
    expect(res).toMatchObject({ status: 200, msg: '用户类型已更新', data: { organization: 3 } });
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ kind: 'account', title: '用户类型已更新', content: expect.stringContaining('「老师」') });
    const [row] = await auditRowsOf(t.db, 'member.organization', rid);
    expect(row).toMatchObject({ actionLabel: '设置用户类型', before: expect.objectContaining({ organization: 0 }), after: expect.objectContaining({ organization: 3, organizationText: '老师' }) });
    // the member can now create a research community
    const created = await call(t.app, 'POST', '/api/auth/cluster/add', { token: person.token, form: { name: '王老师课题组', unit: '复旦大学' } });
    expect(created).toMatchObject({ status: 200, code: 1 });

    expect(await staffPost(t, '/api/admin/member/organization', sales, { rid })).toMatchObject({ status: 400, msg: '[用户类型]不能为空' });
    expect(await staffPost(t, '/api/admin/member/organization', sales, { rid, organization: '5' })).toMatchObject({ status: 400, msg: '[用户类型]不能超过3' });
    expect(await staffPost(t, '/api/admin/member/organization', sales, { rid: 'nobody', organization: '1' })).toMatchObject({ status: 404, msg: '会员不存在' });
  });

  it('disables a member: every session ends and logging in is refused; enabling lets them back in', async () => {
    const person = await makeLoggedInMember(t.db, t.clock.now());
    const rid = person.member.rid;
    const me = () => call(t.app, 'POST', '/api/auth/user/info', { token: person.token });
    const login = () => call(t.app, 'POST', '/api/open/login', { form: { account: person.member.phone, password: defaultPassword } });
    expect((await me()).status).toBe(200);

    const off = await staffPost<AdminMemberRow>(t, '/api/admin/member/status', sales, { rid, disabled: '1', reason: '多次恶意下单' });
    expect(off).toMatchObject({ status: 200, msg: '会员已停用，其登录已全部失效', data: { disabled: true } });
    expect((await me()).status).toBe(401);
    expect(await login()).toMatchObject({ status: 403, msg: '该账号已停用，请联系客服' });
    const [row] = await auditRowsOf(t.db, 'member.status', rid);
    expect(row).toMatchObject({ input: { rid, disabled: true, reason: '多次恶意下单' }, before: expect.objectContaining({ disabled: false }), after: expect.objectContaining({ disabled: true }) });

    const on = await staffPost<AdminMemberRow>(t, '/api/admin/member/status', sales, { rid, disabled: '0' });
    expect(on).toMatchObject({ status: 200, msg: '会员已启用', data: { disabled: false } });
    expect(await login()).toMatchObject({ status: 200, code: 1 });

    expect(await staffPost(t, '/api/admin/member/status', sales, { rid })).toMatchObject({ status: 400, msg: '[状态]不能为空' });
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/member/status', finance, { rid, disabled: '1' })).toMatchObject({ status: 403 });
    expect(await staffPost(t, '/api/admin/member/status', sales, { rid: 'nobody', disabled: '1' })).toMatchObject({ status: 404 });
    expect(await auditCount(t.db)).toBe(before);
  });
});
