import { communities } from './communities';

/** Owner only. */
export const addMember = (rid: string, memberRid: string) => communities.addMember({ rid, member_rid: memberRid });
