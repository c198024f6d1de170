import { desc, sql } from 'drizzle-orm';
import type { AdminMemberRef } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { members } from './accounts.tables';
import { namedMembers, toMemberRef } from './people';

/**
 * Members a keyword names (a phone, its beginning, a name: `namedMembers`), for staff picking
 * one (issuing a coupon): an exact phone first, then the newest members, at most `limit`.
 */
export async function lookupMembers(db: DbOrTx, keyword: string, limit: number): Promise<AdminMemberRef[]> {
  const named = (await namedMembers(db, keyword)).in(members.id);
  if (!named) return [];
  const rows = await db
    .select({ rid: members.rid, phone: members.phone, name: members.name, nickname: members.nickname, company: members.company })
    .from(members)
    .where(named)
    .orderBy(sql`${members.phone} = ${keyword} desc`, desc(members.createdAt), desc(members.id))
    .limit(limit);
  return rows.map(toMemberRef);
}

