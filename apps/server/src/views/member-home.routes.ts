import { calls } from '@lab/contract/calls';
import { serve } from '../platform/calls';
import { getMemberHomeData, getUserInfo } from './member-home.service';

const { info, home } = calls.memberHome;

/**
 * The member centre's calls over several areas (contract views/member-home-calls.ts: user/info,
 * web/home/data); the attestation and contact calls are the member area's (member.routes.ts).
 */
export const memberHomeRoutes = serve(
  { info, home },
  {
    info: ({ db, memberId, now }) => getUserInfo(db, memberId, now),
    home: ({ db, memberId, now }) => getMemberHomeData(db, memberId, now),
  },
);
