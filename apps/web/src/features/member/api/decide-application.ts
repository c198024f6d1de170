import { communities } from './communities';

/** Owner only: agree 1 accepts, 0 refuses. */
export const decideApplication = (rid: string, memberRid: string, agree: boolean) => communities.decide({ rid, member_rid: memberRid, agree: agree ? '1' : '0' });
