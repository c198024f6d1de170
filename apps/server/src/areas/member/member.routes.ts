import { calls } from '@lab/contract/calls';
import { said, serve } from '../../platform/calls';
import { applyForTeacher, teacherStanding } from './teacher-requests.service';
import { attestProfile, getProfile, updateMemberContact, updateMemberInfo } from './profile.service';
import {
  addCommunityMember,
  createCommunity,
  decideApplication,
  dissolveCommunity,
  editCommunity,
  removeCommunityMember,
  searchUserForCommunity,
  transferCommunity,
} from './communities.service';
import { applyToCommunity, getCommunity, listJoined, listMyCommunities, searchCommunities } from './community-membership';

const { attest, detail, setNickname, setContact, teacher, applyTeacher } = calls.profile;

/**
 * 个人中心 → 基本信息, 资料认证: contract/calls/profile.ts. user/info and web/home/data read
 * several areas and are served by a view (src/views/member-home.routes.ts).
 */
export const profileRoutes = serve({ attest, detail, setNickname, setContact, teacher, applyTeacher }, {
  attest: ({ db, memberId, body, now }) => attestProfile(db, memberId, body, now),
  detail: ({ db, memberId }) => getProfile(db, memberId),
  setNickname: async ({ db, memberId, body }) => {
    await updateMemberInfo(db, memberId, body);
    return null;
  },
  setContact: async ({ db, memberId, body }) => {
    await updateMemberContact(db, memberId, body);
    return null;
  },
  teacher: ({ db, memberId }) => teacherStanding(db, memberId),
  applyTeacher: ({ db, memberId, body, now }) => applyForTeacher(db, memberId, body, now),
});

/** 科研团体 (cluster/*): contract/calls/communities.ts. */
export const communityRoutes = serve(calls.communities, {
  add: ({ db, memberId, body, now }) => createCommunity(db, memberId, body, now),
  edit: ({ db, memberId, body, now }) => editCommunity(db, memberId, body, now),
  dissolve: async ({ db, memberId, body, now }) => {
    await dissolveCommunity(db, memberId, body.rid, now);
    return null;
  },
  detail: ({ db, memberId, body }) => getCommunity(db, memberId, body.rid),
  searchUser: ({ db, memberId, body }) => searchUserForCommunity(db, memberId, body.rid, body.phone),
  addMember: ({ db, memberId, body, now }) => addCommunityMember(db, memberId, body.rid, body.member_rid, now),
  removeMember: ({ db, memberId, body, now }) => removeCommunityMember(db, memberId, body.rid, body.member_rid, now),
  transfer: ({ db, memberId, body, now }) => transferCommunity(db, memberId, body.rid, body.member_rid, now),
  search: ({ db, memberId, body }) => searchCommunities(db, memberId, body),
  apply: ({ db, memberId, body, now }) => applyToCommunity(db, memberId, body.rid, body.message, now),
  joined: ({ db, memberId, body }) => listJoined(db, memberId, body),
  mine: ({ db, memberId }) => listMyCommunities(db, memberId),
  decide: async ({ db, memberId, body, now }) =>
    said(await decideApplication(db, memberId, body.rid, body.member_rid, body.agree, now), body.agree ? '已同意加入' : '已拒绝申请'),
});

