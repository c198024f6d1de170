import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAttestation, AdminCommunity, CommunitySummary, MemberProfile, Page } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { saveMemberSettings } from './test-helpers';
import { communities, communityMembers } from './member.tables';
import {
  attestedStudent,
  auditCount,
  auditRowsOf,
  communityOf,
  lastMessage,
  memberPost,
  staffOf,
  staffPost,
  studentAttestation,
  type Staff,
} from './member-admin.test-helpers';

let t: TestContext;
let sales: Staff;
let finance: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await saveMemberSettings(t.db);
  [sales, finance] = await Promise.all([staffOf(t, 'sales'), staffOf(t, 'finance')]);
});
afterAll(() => t?.close());

describe('资料认证 (attestation/list, approve, refuse)', () => {
  const queue = (query: Record<string, unknown> = {}) => staffPost<Page<AdminAttestation>>(t, '/api/admin/attestation/list', sales, query);

  it('lists submitted attestations by review status, oldest first, with what the member wrote', async () => {
    const tag = `光谱${randomId(4)}`;
    const first = await attestedStudent(t, { company: `${tag}大学` });
    t.clock.advance(60_000);
    const second = await attestedStudent(t, { company: `${tag}学院` });
    // a member who never submitted is not in the queue
    await makeLoggedInMember(t.db, t.clock.now(), { company: `${tag}研究所` });

    const pending = await queue({ status: 'pending', keyword: tag });
    expect(pending).toMatchObject({ status: 200, code: 1, data: { total: 2 } });
    expect(pending.data.list.map((a) => a.member.rid)).toEqual([first.member.rid, second.member.rid]);
    expect(pending.data.list[0]).toMatchObject({
      member: { rid: first.member.rid, phone: first.member.phone, nickname: '小明同学', disabled: false },
      profile: { name: '王小明', organization: 0, teacher: '李教授', teacher_phone: '13700137000', address: '邯郸路220号' },
      review: { status: 'pending', note: null, reviewedAt: null, reviewer: null },
    });
    expect((await queue({ status: 'pending', keyword: tag, order: 'descend' })).data.list[0]!.member.rid).toBe(second.member.rid);
    expect((await queue({ keyword: tag })).data.total).toBe(2);
    expect(await queue({ status: 'none' })).toMatchObject({ status: 400, msg: '[审核状态]不正确' });
    expect(await staffPost(t, '/api/admin/attestation/list', finance, {})).toMatchObject({ status: 403 });
  });

  it('approves a pending attestation: the member is told, the audit keeps before and after, a second decision is refused', async () => {
    const person = await attestedStudent(t);
    const rid = person.member.rid;
    const res = await staffPost<AdminAttestation>(t, '/api/admin/attestation/approve', sales, { rid, note: '学生证已核实' });
    expect(res).toMatchObject({
      status: 200,
      msg: '资料认证已通过，已通知会员',
      data: { review: { status: 'approved', note: '学生证已核实', reviewedAt: t.clock.now().toISOString(), reviewer: { id: sales.id, name: '测试sales' } } },
    });
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ kind: 'account', title: '资料认证已通过', link: '/member/information' });
    const profile = await memberPost<MemberProfile>(t, '/api/auth/user/profile', person);
    expect(profile.data).toMatchObject({ reviewStatus: 'approved', reviewNote: '学生证已核实' });

    const [row] = await auditRowsOf(t.db, 'attestation.approve', rid);
    expect(row).toMatchObject({ staffId: sales.id, actionLabel: '通过资料认证', entity: 'attestation', input: { rid, note: '学生证已核实' } });
    expect(row!.before).toMatchObject({ memberRid: rid, name: '王小明', reviewStatus: 'pending', reviewedBy: null });
    expect(row!.after).toMatchObject({ memberRid: rid, reviewStatus: 'approved', reviewNote: '学生证已核实', reviewedBy: sales.id });

    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/attestation/refuse', sales, { rid, reason: '重复' })).toMatchObject({ status: 409, msg: '该认证资料已通过，不能重复审核' });
    expect(await auditCount(t.db)).toBe(before);
  });

  it('refuses with a reason the member reads; submitting again makes it pending again', async () => {
    const person = await attestedStudent(t);
    const rid = person.member.rid;
    expect(await staffPost(t, '/api/admin/attestation/refuse', sales, { rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const res = await staffPost<AdminAttestation>(t, '/api/admin/attestation/refuse', sales, { rid, reason: '单位名称与学生证不符' });
    expect(res).toMatchObject({ status: 200, msg: '已驳回，已通知会员', data: { review: { status: 'refused', note: '单位名称与学生证不符' } } });
    expect(await lastMessage(t.db, person.member.id)).toMatchObject({ title: '资料认证未通过', content: expect.stringContaining('原因：单位名称与学生证不符') });
    expect((await auditRowsOf(t.db, 'attestation.refuse', rid))[0]).toMatchObject({ before: expect.objectContaining({ reviewStatus: 'pending' }), after: expect.objectContaining({ reviewStatus: 'refused' }) });

    t.clock.advance(60_000);
    const again = await memberPost<MemberProfile>(t, '/api/auth/user/update4profile', person, { ...studentAttestation, company: '复旦大学材料科学系（研究生院）' });
    expect(again.data).toMatchObject({ reviewStatus: 'pending', reviewNote: null });
    const queued = await staffPost<Page<AdminAttestation>>(t, '/api/admin/attestation/list', sales, { status: 'pending', keyword: person.member.phone });
    expect(queued.data.list).toEqual([expect.objectContaining({ review: { status: 'pending', note: null, reviewedAt: null, reviewer: null } })]);
    expect(await staffPost(t, '/api/admin/attestation/approve', sales, { rid })).toMatchObject({ status: 200 });
  });

  it('answers 404 for a member who never submitted, and 403 to other roles without writing the log', async () => {
    const silent = await makeLoggedInMember(t.db, t.clock.now());
    expect(await staffPost(t, '/api/admin/attestation/approve', sales, { rid: silent.member.rid })).toMatchObject({ status: 404, msg: '认证资料不存在' });
    expect(await staffPost(t, '/api/admin/attestation/approve', sales, { rid: 'nobody' })).toMatchObject({ status: 404, msg: '会员不存在' });
    const person = await attestedStudent(t);
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/attestation/approve', finance, { rid: person.member.rid })).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    expect(await auditCount(t.db)).toBe(before);
  });
});

describe('科研团体 (community/list, approve, refuse)', () => {
  const teacher = () => makeLoggedInMember(t.db, t.clock.now(), { organization: 3, name: '欧阳老师', company: '复旦大学' });
  const search = (who: { token: string }, keyword: string) => memberPost<Page<CommunitySummary>>(t, '/api/auth/cluster/search', who, { keyword });

  it('lists communities by review status with the owner and member counts', async () => {
    const tag = `催化${randomId(4)}`;
    const owner = await teacher();
    const older = await communityOf(t.db, owner.member.id, { name: `${tag}一组`, createdAt: new Date('2026-11-01T02:00:00Z') });
    const newer = await communityOf(t.db, owner.member.id, { name: `${tag}二组`, createdAt: new Date('2026-11-02T02:00:00Z') });
    const pupil = await makeLoggedInMember(t.db, t.clock.now());
    await t.db.insert(communityMembers).values({ communityId: older.id, memberId: pupil.member.id, status: 'pending' });
    await communityOf(t.db, owner.member.id, { name: `${tag}已通过`, reviewStatus: 'approved' });

    const res = await staffPost<Page<AdminCommunity>>(t, '/api/admin/community/list', sales, { status: 'pending', keyword: tag });
    expect(res.data.total).toBe(2);
    expect(res.data.list.map((c) => c.rid)).toEqual([older.rid, newer.rid]);
    expect(res.data.list[0]).toMatchObject({
      name: `${tag}一组`,
      unit: '复旦大学材料科学系',
      owner: { rid: owner.member.rid, name: '欧阳老师', phone: owner.member.phone, organization: 3 },
      memberCount: 1,
      pendingApplications: 1,
      dissolved: false,
      reviewStatus: 'pending',
      reviewer: null,
    });
    expect((await staffPost<Page<AdminCommunity>>(t, '/api/admin/community/list', sales, { keyword: owner.member.phone })).data.total).toBe(3);
    expect(await staffPost(t, '/api/admin/community/list', sales, { status: 'x' })).toMatchObject({ status: 400, msg: '[审核状态]不正确' });
  });

  it('approves a community: the owner is told and other members find it at once', async () => {
    const owner = await teacher();
    const seeker = await makeLoggedInMember(t.db, t.clock.now());
    const name = `纳米${randomId(4)}课题组`;
    const created = await memberPost<CommunitySummary>(t, '/api/auth/cluster/add', owner, { name, unit: '复旦大学' });
    expect(created.data.reviewStatus).toBe('pending');
    expect((await search(seeker, name)).data.total).toBe(0);

    const res = await staffPost<AdminCommunity>(t, '/api/admin/community/approve', sales, { rid: created.data.rid });
    expect(res).toMatchObject({ status: 200, msg: '团体已通过审核，已通知负责人', data: { reviewStatus: 'approved', reviewer: { id: sales.id } } });
    expect(await lastMessage(t.db, owner.member.id)).toMatchObject({ kind: 'community', title: '科研团体审核通过', content: expect.stringContaining(name) });
    expect((await search(seeker, name)).data.list).toEqual([expect.objectContaining({ rid: created.data.rid, reviewStatus: 'approved' })]);
    expect(await memberPost(t, '/api/auth/cluster/apply', seeker, { rid: created.data.rid })).toMatchObject({ status: 200 });

    const [row] = await auditRowsOf(t.db, 'community.approve', created.data.rid);
    expect(row).toMatchObject({ actionLabel: '通过科研团体', entity: 'community', before: expect.objectContaining({ name, reviewStatus: 'pending' }), after: expect.objectContaining({ reviewStatus: 'approved', reviewedBy: sales.id }) });
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/community/approve', sales, { rid: created.data.rid })).toMatchObject({ status: 409, msg: '该团体已通过，不能重复审核' });
    expect(await auditCount(t.db)).toBe(before);
  });

  it('refuses with a reason the owner reads; editing the community sends it back for review', async () => {
    const owner = await teacher();
    const community = await communityOf(t.db, owner.member.id, { name: '待驳回课题组' });
    expect(await staffPost(t, '/api/admin/community/refuse', sales, { rid: community.rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const res = await staffPost<AdminCommunity>(t, '/api/admin/community/refuse', sales, { rid: community.rid, reason: '团体名称不规范' });
    expect(res).toMatchObject({ status: 200, data: { reviewStatus: 'refused', reviewNote: '团体名称不规范' } });
    expect(await lastMessage(t.db, owner.member.id)).toMatchObject({ title: '科研团体审核未通过', content: expect.stringContaining('原因：团体名称不规范') });
    expect((await auditRowsOf(t.db, 'community.refuse', community.rid))[0]).toMatchObject({ input: { rid: community.rid, reason: '团体名称不规范' }, after: expect.objectContaining({ reviewStatus: 'refused' }) });
    // the owner sees why; a stranger never does
    const mine = await memberPost<CommunitySummary[]>(t, '/api/auth/cluster/all', owner);
    expect(mine.data).toEqual([expect.objectContaining({ rid: community.rid, reviewStatus: 'refused', reviewNote: '团体名称不规范' })]);

    const edited = await memberPost<CommunitySummary>(t, '/api/auth/cluster/edit', owner, { rid: community.rid, name: '复旦大学欧阳课题组', unit: '复旦大学' });
    expect(edited.data).toMatchObject({ reviewStatus: 'pending' });
    const [stored] = await t.db.select().from(communities).where(eq(communities.id, community.id));
    expect(stored).toMatchObject({ reviewStatus: 'pending' });
  });

  it('does not review a dissolved community, answers 404 for an unknown one, and 403 to other roles', async () => {
    const owner = await teacher();
    const community = await communityOf(t.db, owner.member.id, { status: 'dissolved' });
    expect(await staffPost(t, '/api/admin/community/approve', sales, { rid: community.rid })).toMatchObject({ status: 409, msg: '该团体已解散，无需审核' });
    expect(await staffPost(t, '/api/admin/community/approve', sales, { rid: 'nope' })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    const waiting = await communityOf(t.db, owner.member.id);
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/community/approve', finance, { rid: waiting.rid })).toMatchObject({ status: 403 });
    expect(await staffPost(t, '/api/admin/community/refuse', finance, { rid: waiting.rid, reason: 'x' })).toMatchObject({ status: 403 });
    expect(await auditCount(t.db)).toBe(before);
  });
});
