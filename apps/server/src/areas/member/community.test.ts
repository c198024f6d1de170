import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_TEACHER_ONLY_MESSAGE,
  Organization,
  type CommunityDetail,
  type CommunityMember,
  type CommunitySummary,
  type CommunityUserHit,
  type MemberHomeData,
  type Page,
} from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeLoggedInMember } from '../../../test/factories';
import { communities, communityMembers } from './member.tables';
import { members } from '../accounts/accounts.tables';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof makeLoggedInMember>>;
const teacher = (name = '李老师') => makeLoggedInMember(t.db, t.clock.now(), { organization: Organization.teacher, name, company: '复旦大学' });
const student = (name = '王同学') => makeLoggedInMember(t.db, t.clock.now(), { organization: Organization.student, name });
const cluster = <T = unknown>(action: string, who: Person | undefined, form: Record<string, string | undefined> = {}) =>
  call<T>(t.app, 'POST', `/api/auth/cluster/${action}`, { ...(who ? { token: who.token } : {}), form });

let counter = 0;
/** A new community, approved by the lab (its review has its own tests in reviews.test.ts), so others can find and join it. */
async function createCommunity(owner: Person, name = `课题组${++counter}`, review: 'approved' | 'pending' = 'approved') {
  const res = await cluster<CommunitySummary>('add', owner, { name, unit: '复旦大学材料科学系', description: '薄膜材料' });
  if (res.code !== 1) throw new Error(res.msg);
  if (review === 'approved') await t.db.update(communities).set({ reviewStatus: 'approved' }).where(eq(communities.rid, res.data.rid));
  return res.data;
}

const membersOf = async (owner: Person, rid: string) => (await cluster<CommunityDetail>('info', owner, { rid })).data.members ?? [];
const statusOf = (list: CommunityMember[], who: Person) => list.find((m) => m.member_rid === who.member.rid)?.status ?? null;

describe('cluster/add, edit, info', () => {
  it('lets a teacher create a community they own', async () => {
    const owner = await teacher();
    const res = await cluster<CommunitySummary>('add', owner, { name: '纳米材料课题组', unit: '复旦大学', description: '研究方向：纳米材料' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '创建成功' });
    expect(res.data).toMatchObject({ name: '纳米材料课题组', unit: '复旦大学', owner: { name: '李老师' }, memberCount: 1, myRole: 'owner', myStatus: 'approved', reviewStatus: 'pending' });
    const detail = await cluster<CommunityDetail>('info', owner, { rid: res.data.rid });
    expect(detail.data.members).toEqual([expect.objectContaining({ member_rid: owner.member.rid, role: 'owner', status: 'approved' })]);
    expect(await cluster('add', owner, { name: '纳米材料课题组', unit: '复旦大学' })).toMatchObject({ status: 409, msg: '您已创建过同名的科研团体' });
  });

  it('refuses students and bad input', async () => {
    expect(await cluster('add', await student(), { name: '学生团体', unit: '复旦大学' })).toMatchObject({ status: 403, msg: COMMUNITY_TEACHER_ONLY_MESSAGE });
    const owner = await teacher();
    expect(await cluster('add', owner, { unit: '复旦大学' })).toMatchObject({ status: 400, msg: '[团体名称]不能为空' });
    expect(await cluster('add', owner, { name: '课题组' })).toMatchObject({ status: 400, msg: '[所属单位]不能为空' });
    expect(await cluster('add', undefined, { name: 'x', unit: 'y' })).toMatchObject({ status: 401 });
  });

  it('lets only the owner edit; members and strangers get 403, unknown rids 404', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const res = await cluster<CommunitySummary>('edit', owner, { rid: community.rid, name: '改名课题组', unit: '同济大学' });
    expect(res).toMatchObject({ status: 200, data: { name: '改名课题组', unit: '同济大学', description: '' } });
    const stranger = await teacher('张老师');
    expect(await cluster('edit', stranger, { rid: community.rid, name: '抢走', unit: 'x' })).toMatchObject({ status: 403, msg: '只有团体负责人可以进行此操作' });
    expect(await cluster('edit', owner, { rid: 'nope', name: 'a', unit: 'b' })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect(await cluster('edit', owner, { rid: community.rid, unit: 'b' })).toMatchObject({ status: 400, msg: '[团体名称]不能为空' });
    // a stranger sees the community, not its members
    const seen = await cluster<CommunityDetail>('info', stranger, { rid: community.rid });
    expect(seen.data).toMatchObject({ name: '改名课题组', members: null, myRole: null, myStatus: null });
  });
});

describe('apply, agree, joined, all', () => {
  it('takes an application the owner agrees to', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const applicant = await student();
    const applied = await cluster<CommunitySummary>('apply', applicant, { rid: community.rid, message: '我是李老师的研究生' });
    expect(applied).toMatchObject({ status: 200, msg: '申请已提交，请等待团体负责人审核', data: { myStatus: 'pending', myRole: null, memberCount: 1 } });
    expect(await cluster('apply', applicant, { rid: community.rid })).toMatchObject({ status: 409, msg: '已提交申请，请等待团体负责人审核' });

    const list = await membersOf(owner, community.rid);
    expect(list.find((m) => m.member_rid === applicant.member.rid)).toMatchObject({ status: 'pending', statusText: '待审核', message: '我是李老师的研究生', name: '王同学' });
    const home = await call<MemberHomeData>(t.app, 'POST', '/api/auth/web/home/data', { token: owner.token });
    expect(home.data.communityApplications).toBe(1);

    const agreed = await cluster<CommunityMember[]>('agree', owner, { rid: community.rid, member_rid: applicant.member.rid, agree: '1' });
    expect(agreed).toMatchObject({ status: 200, msg: '已同意加入' });
    expect(statusOf(agreed.data, applicant)).toBe('approved');
    expect(await cluster('agree', owner, { rid: community.rid, member_rid: applicant.member.rid, agree: '0' })).toMatchObject({ status: 409, msg: '该申请已处理' });
    expect(await cluster('apply', applicant, { rid: community.rid })).toMatchObject({ status: 409, msg: '您已是该团体成员' });

    const joined = await cluster<Page<CommunitySummary>>('joined', applicant);
    expect(joined.data).toMatchObject({ total: 1, list: [{ rid: community.rid, myRole: 'member', myStatus: 'approved', memberCount: 2 }] });
    const all = await cluster<CommunitySummary[]>('all', applicant);
    expect(all.data.map((c) => c.rid)).toEqual([community.rid]);
    const ownersAll = await cluster<CommunitySummary[]>('all', owner);
    expect(ownersAll.data).toEqual([expect.objectContaining({ rid: community.rid, myRole: 'owner' })]);
  });

  it('lets the owner refuse; the refused member may apply again', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const applicant = await student();
    await cluster('apply', applicant, { rid: community.rid });
    const refused = await cluster<CommunityMember[]>('agree', owner, { rid: community.rid, member_rid: applicant.member.rid, agree: '0' });
    expect(refused).toMatchObject({ status: 200, msg: '已拒绝申请' });
    expect(statusOf(refused.data, applicant)).toBeNull(); // the owner's list shows pending and approved only
    const joined = await cluster<Page<CommunitySummary>>('joined', applicant, { status: 'refused' });
    expect(joined.data.list).toEqual([expect.objectContaining({ rid: community.rid, myStatus: 'refused' })]);
    expect((await cluster<CommunitySummary[]>('all', applicant)).data).toEqual([]);
    expect(await cluster('apply', applicant, { rid: community.rid })).toMatchObject({ status: 200, data: { myStatus: 'pending' } });
  });

  it('refuses bad input and non-owners deciding', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const applicant = await student();
    const intruder = await student('路人');
    await cluster('apply', applicant, { rid: community.rid });
    expect(await cluster('agree', owner, { rid: community.rid, member_rid: applicant.member.rid })).toMatchObject({ status: 400, msg: '[审核结果]不能为空' });
    expect(await cluster('agree', owner, { rid: community.rid, agree: '1' })).toMatchObject({ status: 400, msg: '[成员编号]不能为空' });
    expect(await cluster('agree', intruder, { rid: community.rid, member_rid: applicant.member.rid, agree: '1' })).toMatchObject({ status: 403 });
    expect(await cluster('agree', applicant, { rid: community.rid, member_rid: applicant.member.rid, agree: '1' })).toMatchObject({ status: 403 });
    expect(await cluster('agree', owner, { rid: community.rid, member_rid: intruder.member.rid, agree: '1' })).toMatchObject({ status: 404, msg: '入团申请不存在' });
    expect(await cluster('apply', applicant, { rid: 'nope' })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect(await cluster('apply', applicant, {})).toMatchObject({ status: 400, msg: '[团体编号]不能为空' });
    expect(await cluster('joined', applicant, { status: 'x' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });
});

describe('search, search4user, add4user, delete4user', () => {
  it('finds communities by name, unit or owner', async () => {
    const owner = await teacher('欧阳老师');
    const community = await createCommunity(owner, '量子点光谱课题组');
    const seeker = await student();
    const byName = await cluster<Page<CommunitySummary>>('search', seeker, { keyword: '量子点' });
    expect(byName.data).toMatchObject({ total: 1, list: [{ rid: community.rid, owner: { name: '欧阳老师' }, myStatus: null }] });
    expect((await cluster<Page<CommunitySummary>>('search', seeker, { keyword: '欧阳' })).data.total).toBe(1);
    expect((await cluster<Page<CommunitySummary>>('search', seeker, { keyword: '%' })).data.total).toBe(0);
    const everything = await cluster<Page<CommunitySummary>>('search', seeker, { pageSize: '2' });
    expect(everything.data.list.length).toBeLessThanOrEqual(2);
    expect(everything.data.total).toBeGreaterThanOrEqual(1);
  });

  it('finds only communities the lab approved; one still in review cannot be applied to', async () => {
    const owner = await teacher('司马老师');
    const waiting = await createCommunity(owner, '待审核的光催化课题组', 'pending');
    const seeker = await student();
    expect((await cluster<Page<CommunitySummary>>('search', seeker, { keyword: '光催化' })).data.total).toBe(0);
    expect(await cluster('apply', seeker, { rid: waiting.rid })).toMatchObject({ status: 409, msg: '该团体尚未通过平台审核，暂不能申请加入' });
    // the owner still sees and runs it
    expect((await cluster<CommunitySummary[]>('all', owner)).data).toEqual([expect.objectContaining({ rid: waiting.rid, reviewStatus: 'pending' })]);
    await t.db.update(communities).set({ reviewStatus: 'approved' }).where(eq(communities.rid, waiting.rid));
    expect((await cluster<Page<CommunitySummary>>('search', seeker, { keyword: '光催化' })).data.list).toEqual([expect.objectContaining({ rid: waiting.rid, reviewStatus: 'approved' })]);
  });

  it('lets the owner find a member by phone and add them at once', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const target = await student('赵同学');
    const hit = await cluster<CommunityUserHit>('search4user', owner, { rid: community.rid, phone: target.member.phone });
    // a stranger: masked (issue 16: any phone's real name and organisation)
    expect(hit).toMatchObject({ status: 200, data: { member_rid: target.member.rid, name: '赵**', organization: null, masked: true, status: null } });
    expect(hit.data.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(await cluster('search4user', owner, { rid: community.rid, phone: '13000000000' })).toMatchObject({ status: 404, msg: '该手机号对应的用户不存在' });
    expect(await cluster('search4user', owner, { rid: community.rid, phone: '123' })).toMatchObject({ status: 400, msg: '[手机号]格式不正确' });

    const added = await cluster<CommunityMember[]>('add4user', owner, { rid: community.rid, member_rid: hit.data.member_rid });
    expect(added).toMatchObject({ status: 200, msg: '添加成功' });
    expect(statusOf(added.data, target)).toBe('approved');
    expect(await cluster('add4user', owner, { rid: community.rid, member_rid: target.member.rid })).toMatchObject({ status: 409, msg: '该用户已是团体成员' });
    expect(await cluster('add4user', owner, { rid: community.rid, member_rid: 'nope' })).toMatchObject({ status: 404, msg: '用户不存在' });
    // now in the owner's community: shown in full
    expect((await cluster<CommunityUserHit>('search4user', owner, { rid: community.rid, phone: target.member.phone })).data).toMatchObject({ status: 'approved', name: '赵同学', organization: 0, masked: false });
  });

  it('masks the name and unit of a member who shares no community with the owner, and shows them once they do', async () => {
    const owner = await teacher();
    const mine = await createCommunity(owner);
    const stranger = await student('欧阳娜娜');
    await t.db.update(members).set({ company: '北京理工大学材料学院' }).where(eq(members.id, stranger.member.id));
    const first = await cluster<CommunityUserHit>('search4user', owner, { rid: mine.rid, phone: stranger.member.phone });
    expect(first.data).toMatchObject({ name: '欧***', company: '北京******学院', organization: null, masked: true });
    expect(JSON.stringify(first.data)).not.toContain('娜娜');
    expect(JSON.stringify(first.data)).not.toContain('理工');
    // in another community of the owner's: known
    const other = await createCommunity(owner, '另一个课题组');
    await cluster('add4user', owner, { rid: other.rid, member_rid: stranger.member.rid });
    const again = await cluster<CommunityUserHit>('search4user', owner, { rid: mine.rid, phone: stranger.member.phone });
    expect(again.data).toMatchObject({ name: '欧阳娜娜', company: '北京理工大学材料学院', organization: 0, masked: false, status: null });
  });

  it('lets the owner remove a member, never themself', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const target = await student();
    await cluster('add4user', owner, { rid: community.rid, member_rid: target.member.rid });
    const removed = await cluster<CommunityMember[]>('delete4user', owner, { rid: community.rid, member_rid: target.member.rid });
    expect(removed).toMatchObject({ status: 200, msg: '已移出团体' });
    expect(statusOf(removed.data, target)).toBeNull();
    expect((await cluster<Page<CommunitySummary>>('joined', target, { status: 'removed' })).data.total).toBe(1);
    expect(await cluster('delete4user', owner, { rid: community.rid, member_rid: target.member.rid })).toMatchObject({ status: 404, msg: '该团体成员不存在' });
    expect(await cluster('delete4user', owner, { rid: community.rid, member_rid: owner.member.rid })).toMatchObject({
      status: 400,
      msg: '不能移除团体负责人，如需离开请先转让团体',
    });
    // the owner may add a removed member back
    expect(await cluster('add4user', owner, { rid: community.rid, member_rid: target.member.rid })).toMatchObject({ status: 200 });
  });

  it('answers 403 when a non-owner searches, adds or removes members', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const insider = await student();
    await cluster('add4user', owner, { rid: community.rid, member_rid: insider.member.rid });
    const other = await teacher('别的老师');
    for (const who of [insider, other]) {
      expect(await cluster('search4user', who, { rid: community.rid, phone: owner.member.phone })).toMatchObject({ status: 403 });
      expect(await cluster('add4user', who, { rid: community.rid, member_rid: other.member.rid })).toMatchObject({ status: 403 });
      expect(await cluster('delete4user', who, { rid: community.rid, member_rid: insider.member.rid })).toMatchObject({ status: 403 });
      expect(await cluster('transfer', who, { rid: community.rid, member_rid: who.member.rid })).toMatchObject({ status: 403 });
      expect(await cluster('del', who, { rid: community.rid })).toMatchObject({ status: 403 });
    }
    expect(statusOf(await membersOf(owner, community.rid), insider)).toBe('approved');
  });
});

describe('transfer and del', () => {
  it('hands the community to an approved teacher member; the old owner stays a member', async () => {
    const owner = await teacher('老负责人');
    const community = await createCommunity(owner);
    const successor = await teacher('新负责人');
    const pupil = await student();
    await cluster('add4user', owner, { rid: community.rid, member_rid: pupil.member.rid });

    expect(await cluster('transfer', owner, { rid: community.rid, member_rid: successor.member.rid })).toMatchObject({ status: 400, msg: '只能转让给已加入团体的成员' });
    expect(await cluster('transfer', owner, { rid: community.rid, member_rid: pupil.member.rid })).toMatchObject({ status: 400, msg: '只能转让给已认证为老师的成员' });
    expect(await cluster('transfer', owner, { rid: community.rid, member_rid: owner.member.rid })).toMatchObject({ status: 400, msg: '您已是该团体的负责人' });

    await cluster('add4user', owner, { rid: community.rid, member_rid: successor.member.rid });
    const moved = await cluster<CommunitySummary>('transfer', owner, { rid: community.rid, member_rid: successor.member.rid });
    expect(moved).toMatchObject({ status: 200, msg: '转让成功', data: { owner: { name: '新负责人' }, myRole: 'member' } });

    const [row] = await t.db.select().from(communities).where(eq(communities.rid, community.rid));
    expect(row?.ownerMemberId).toBe(successor.member.id);
    const roles = await t.db.select({ memberId: communityMembers.memberId, role: communityMembers.role }).from(communityMembers).where(eq(communityMembers.communityId, row!.id));
    expect(roles.filter((r) => r.role === 'owner').map((r) => r.memberId)).toEqual([successor.member.id]);

    // the old owner has lost the owner's rights; the new one has them
    expect(await cluster('edit', owner, { rid: community.rid, name: 'x', unit: 'y' })).toMatchObject({ status: 403 });
    expect(await cluster('delete4user', successor, { rid: community.rid, member_rid: owner.member.rid })).toMatchObject({ status: 200 });
  });

  it('lets only one of two simultaneous transfers win', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner);
    const a = await teacher('甲老师');
    const b = await teacher('乙老师');
    for (const who of [a, b]) await cluster('add4user', owner, { rid: community.rid, member_rid: who.member.rid });
    const results = await Promise.all([a, b].map((who) => cluster('transfer', owner, { rid: community.rid, member_rid: who.member.rid })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const [row] = await t.db.select().from(communities).where(eq(communities.rid, community.rid));
    const owners = await t.db.select().from(communityMembers).where(eq(communityMembers.communityId, row!.id));
    expect(owners.filter((m) => m.role === 'owner').map((m) => m.memberId)).toEqual([row!.ownerMemberId]);
    expect([a.member.id, b.member.id]).toContain(row!.ownerMemberId);
  });

  it('dissolves the community: it disappears from searches and lists, memberships end', async () => {
    const owner = await teacher();
    const community = await createCommunity(owner, '待解散课题组');
    const pupil = await student();
    await cluster('add4user', owner, { rid: community.rid, member_rid: pupil.member.rid });
    expect(await cluster('del', owner, { rid: community.rid })).toMatchObject({ status: 200, msg: '团体已解散' });
    expect(await cluster('info', owner, { rid: community.rid })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect(await cluster('del', owner, { rid: community.rid })).toMatchObject({ status: 404 });
    expect((await cluster<Page<CommunitySummary>>('search', pupil, { keyword: '待解散' })).data.total).toBe(0);
    expect((await cluster<CommunitySummary[]>('all', pupil)).data).toEqual([]);
    expect(await cluster('apply', pupil, { rid: community.rid })).toMatchObject({ status: 404 });
    // the row stays for the funds ledger, dissolved
    const [row] = await t.db.select().from(communities).where(eq(communities.rid, community.rid));
    expect(row).toMatchObject({ status: 'dissolved' });
    // the name can be used again
    expect(await cluster('add', owner, { name: '待解散课题组', unit: '复旦大学' })).toMatchObject({ status: 200 });
  });

  it('needs a member token for every call', async () => {
    for (const action of ['add', 'edit', 'del', 'add4user', 'search4user', 'delete4user', 'transfer', 'search', 'apply', 'joined', 'all', 'agree', 'info']) {
      expect(await cluster(action, undefined, { rid: 'x' }), action).toMatchObject({ status: 401, code: 0 });
    }
  });
});
