import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberDetail } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import { customerKeys } from './keys';

/** POST /api/admin/member/detail — one member's whole picture. */
export const getMember = (rid: string) => adminPost<AdminMemberDetail>('/api/admin/member/detail', { rid });

export const memberQueryOptions = (rid: string) => queryOptions({ queryKey: customerKeys.member(rid), queryFn: () => getMember(rid) });

export const useMember = (rid: string) => useQuery(memberQueryOptions(rid));
