import { members } from '../accounts/accounts.tables';

/**
 * TEMPORARY (issue 29): payments-admin.service.ts still selects these columns through funds'
 * face; once it reads members with accounts' memberRefs, delete this file and its export line.
 */
export const memberRefColumns = { rid: members.rid, phone: members.phone, name: members.name, nickname: members.nickname, company: members.company };
