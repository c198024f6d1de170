import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerEntry, MemberLedgerKind, Page } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';
import type { PageArgs } from './list-member-orders';

export type MemberLedger = Page<LedgerEntry> & { balanceFen: number };

/** POST /api/admin/member/ledger — one account (prepaid funds, points or rebates) of a member, newest first. */
export const listMemberLedger = (rid: string, query: PageArgs & { kind: MemberLedgerKind }) => adminPost<MemberLedger>('/api/admin/member/ledger', { rid, ...query });

export const memberLedgerQueryOptions = (rid: string, query: PageArgs & { kind: MemberLedgerKind }) =>
  queryOptions({ queryKey: customerKeys.memberLedger(rid, query), queryFn: () => listMemberLedger(rid, query), placeholderData: keepPreviousData });

export const useMemberLedger = (rid: string, query: PageArgs & { kind: MemberLedgerKind }) => useQuery(memberLedgerQueryOptions(rid, query));
