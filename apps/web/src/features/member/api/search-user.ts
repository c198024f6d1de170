import { communities } from './communities';

/** Owner only: a member by phone, masked. */
export const searchUser = (rid: string, phone: string) => communities.searchUser({ rid, phone });
