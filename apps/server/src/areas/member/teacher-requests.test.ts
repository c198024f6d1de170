import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEACHER_ALREADY_MESSAGE,
  TEACHER_NOT_ELIGIBLE_MESSAGE,
  TEACHER_PROFILE_NEEDED_MESSAGE,
  TEACHER_REQUEST_OPEN_MESSAGE,
  type AdminTeacherRequest,
  type Page,
  type TeacherStanding,
} from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { members } from '../accounts/accounts.tables';
import { teacherRequests } from './member.tables';
import { saveMemberSettings } from './test-helpers';
import { auditCount, auditRowsOf, lastMessage, memberPost, staffOf, staffPost, type Staff } from './member-admin.test-helpers';

/** 申请老师认证 (issue 31): one click by a 学生, decided by sales in 资料认证, the member told either way. */

let t: TestContext;
let sales: Staff;
let finance: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await saveMemberSettings(t.db);
  [sales, finance] = await Promise.all([staffOf(t, 'sales'), staffOf(t, 'finance')]);
});
afterAll(() => t?.close());

const student = () => makeLoggedInMember(t.db, t.clock.now(), { name: '林同学', company: '复旦大学化学系', organization: 0 });
const standing = (who: { token: string }) => memberPost<TeacherStanding>(t, '/api/auth/user/teacher4attest', who);
const apply = (who: { token: string }, note?: string) => memberPost<TeacherStanding>(t, '/api/auth/user/apply4teacher', who, note === undefined ? {} : { note });
const organizationOf = async (id: number) => (await t.db.select({ o: members.organization }).from(members).where(eq(members.id, id)))[0]!.o;
const requestsOf = (memberId: number) => t.db.select().from(teacherRequests).where(eq(teacherRequests.memberId, memberId));

describe('the member: user/teacher4attest and user/apply4teacher', () => {
  it('a 学生 sees what is needed and the handling time, asks with one click, and is told it arrived', async () => {
    const person = await student();
    const before = await standing(person);
    expect(before).toMatchObject({ status: 200, code: 1, data: { organization: 0, canApply: true, reason: '', handlingTime: '1 个工作日', latest: null } });
    expect(before.data.needs.length).toBeGreaterThan(0);

    const res = await apply(person, '化学系讲师，系网站有个人主页');
    expect(res).toMatchObject({ status: 200, code: 1, msg: '老师认证申请已提交' });
    expect(res.data).toMatchObject({ canApply: false, reason: TEACHER_REQUEST_OPEN_MESSAGE, latest: { status: 'pending', statusText: '审核中', note: '化学系讲师，系网站有个人主页', reviewNote: null } });
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ title: '老师认证申请已提交', content: expect.stringContaining('1 个工作日') });
  });

  it('one open request at a time: a second ask is 409 and writes nothing, also when two arrive at once', async () => {
    const person = await student();
    const [a, b] = await Promise.all([apply(person), apply(person)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)).toMatchObject({ code: 0, msg: TEACHER_REQUEST_OPEN_MESSAGE });
    expect(await apply(person)).toMatchObject({ status: 409, msg: TEACHER_REQUEST_OPEN_MESSAGE });
    expect(await requestsOf(person.member.id)).toHaveLength(1);
  });

  it('a member not yet attested may ask; without a name and unit they are told what to fill in first; 个人/企业 and 老师 cannot', async () => {
    const fresh = await makeLoggedInMember(t.db, t.clock.now(), { name: '周明', company: '同济大学', organization: null });
    expect((await standing(fresh)).data).toMatchObject({ organization: null, canApply: true });
    expect(await apply(fresh)).toMatchObject({ status: 200, code: 1 });

    const blank = await makeLoggedInMember(t.db, t.clock.now(), { name: null, company: null, organization: 0 });
    expect((await standing(blank)).data).toMatchObject({ canApply: false, reason: TEACHER_PROFILE_NEEDED_MESSAGE });
    expect(await apply(blank)).toMatchObject({ status: 400, code: 0, msg: TEACHER_PROFILE_NEEDED_MESSAGE });

    const company = await makeLoggedInMember(t.db, t.clock.now(), { name: '赵经理', company: '某材料公司', organization: 2 });
    expect(await apply(company)).toMatchObject({ status: 403, msg: TEACHER_NOT_ELIGIBLE_MESSAGE });
    const teacher = await makeLoggedInMember(t.db, t.clock.now(), { name: '陈老师', company: '复旦大学', organization: 3 });
    expect(await apply(teacher)).toMatchObject({ status: 409, msg: TEACHER_ALREADY_MESSAGE });
    for (const who of [blank, company, teacher]) expect(await requestsOf(who.member.id)).toHaveLength(0);

    expect(await apply(fresh, 'x'.repeat(201))).toMatchObject({ status: 400, msg: '[说明]不能超过200个字符' });
    expect(await memberPost(t, '/api/auth/user/apply4teacher', undefined)).toMatchObject({ status: 401 });
  });
});

describe('sales: teacher/list, approve, refuse', () => {
  const list = (query: Record<string, unknown> = {}) => staffPost<Page<AdminTeacherRequest>>(t, '/api/admin/teacher/list', sales, query);

  it('lists requests with the member, oldest first; finance may not', async () => {
    const first = await student();
    await apply(first, '第一个');
    t.clock.advance(60_000);
    const second = await student();
    await apply(second, '第二个');
    const pending = await list({ status: 'pending', pageSize: 100 });
    expect(pending).toMatchObject({ status: 200, code: 1 });
    const mine = pending.data.list.filter((r) => [first.member.rid, second.member.rid].includes(r.member.rid));
    expect(mine.map((r) => r.note)).toEqual(['第一个', '第二个']);
    expect(mine[0]).toMatchObject({ status: 'pending', member: { rid: first.member.rid, phone: first.member.phone, name: '林同学', company: '复旦大学化学系', organization: 0 }, reviewer: null });
    expect(await list({ status: 'open' })).toMatchObject({ status: 400, msg: '[审核状态]不正确' });
    expect(await staffPost(t, '/api/admin/teacher/list', finance, {})).toMatchObject({ status: 403 });
  });

  it('approving makes the member a 老师, tells them, is audited, and cannot be decided twice', async () => {
    const person = await student();
    const rid = (await apply(person)).data.latest!.rid;
    const res = await staffPost<AdminTeacherRequest>(t, '/api/admin/teacher/approve', sales, { rid, note: '已电话核实' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '已认证为老师，已通知会员', data: { status: 'approved', reviewNote: '已电话核实', member: { organization: 3 }, reviewer: { id: sales.id } } });
    expect(await organizationOf(person.member.id)).toBe(3);
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ kind: 'account', title: '老师认证已通过', link: '/member/information' });
    expect((await standing(person)).data).toMatchObject({ organization: 3, canApply: false, reason: TEACHER_ALREADY_MESSAGE, latest: { status: 'approved' } });

    const [row] = await auditRowsOf(t.db, 'teacher.approve', rid);
    expect(row).toMatchObject({ staffId: sales.id, actionLabel: '通过老师认证申请', entity: 'teacher_request' });
    expect(row!.before).toMatchObject({ status: 'pending', organization: 0 });
    expect(row!.after).toMatchObject({ status: 'approved', organization: 3, reviewedBy: sales.id });

    const count = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/teacher/refuse', sales, { rid, reason: '重复' })).toMatchObject({ status: 409, msg: '该申请已通过，不能重复审核' });
    expect(await auditCount(t.db)).toBe(count);
  });

  it('refusing needs a reason the member reads; the member stays 学生 and may ask again', async () => {
    const person = await student();
    const rid = (await apply(person)).data.latest!.rid;
    expect(await staffPost(t, '/api/admin/teacher/refuse', sales, { rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const res = await staffPost<AdminTeacherRequest>(t, '/api/admin/teacher/refuse', sales, { rid, reason: '未能核实教职身份' });
    expect(res).toMatchObject({ status: 200, msg: '已驳回，已通知会员', data: { status: 'refused', reviewNote: '未能核实教职身份' } });
    expect(await organizationOf(person.member.id)).toBe(0);
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ title: '老师认证未通过', content: expect.stringContaining('原因：未能核实教职身份') });
    expect((await auditRowsOf(t.db, 'teacher.refuse', rid))[0]).toMatchObject({ before: expect.objectContaining({ status: 'pending' }), after: expect.objectContaining({ status: 'refused' }) });

    const again = await standing(person);
    expect(again.data).toMatchObject({ canApply: true, latest: { status: 'refused', statusText: '未通过', reviewNote: '未能核实教职身份' } });
    t.clock.advance(60_000);
    expect(await apply(person, '补充：学院官网教师名录')).toMatchObject({ status: 200, data: { latest: { status: 'pending', note: '补充：学院官网教师名录' } } });
    expect(await requestsOf(person.member.id)).toHaveLength(2);
    expect(await staffPost(t, '/api/admin/teacher/approve', sales, { rid: 'nope' })).toMatchObject({ status: 404, msg: '老师认证申请不存在' });
  });
});
