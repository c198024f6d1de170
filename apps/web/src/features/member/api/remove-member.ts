import { communities } from './communities';

/** Owner only. */
export const removeMember = (rid: string, memberRid: string) => communities.removeMember({ rid, member_rid: memberRid });
