import { communities } from './communities';

/** Owner only: hand the community to an approved member. */
export const transferCommunity = (rid: string, memberRid: string) => communities.transfer({ rid, member_rid: memberRid });
