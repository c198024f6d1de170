import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberLedgerKind } from '@lab/contract';
import { adminCustomers } from './customers';
import { customerKeys } from './keys';
import type { PageArgs } from './list-member-orders';

/** One account (prepaid funds, points or rebates) of a member, newest first. */
export const memberLedgerQueryOptions = (rid: string, query: PageArgs & { kind: MemberLedgerKind }) =>
  queryOptions({ queryKey: customerKeys.memberLedger(rid, query), queryFn: () => adminCustomers.ledger({ rid, ...query }), placeholderData: keepPreviousData });

export const useMemberLedger = (rid: string, query: PageArgs & { kind: MemberLedgerKind }) => useQuery(memberLedgerQueryOptions(rid, query));
