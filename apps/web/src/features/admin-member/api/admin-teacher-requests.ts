import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adminTeacherRequests as table } from '@lab/contract/member/admin-calls';
import routes from 'virtual:calls/adminTeacherRequests';
import { bindStaffCalls } from '../../../api/staff-client';
import type { TableQuery } from '../../../components/admin/use-server-table';
import { customerKeys } from './keys';

/** 后台 → 资料认证 → 老师认证申请 */
export const adminTeacherRequests = bindStaffCalls<typeof table>(routes);

export const teacherRequestsQueryOptions = (query: TableQuery) =>
  queryOptions({ queryKey: customerKeys.teacherRequests(query), queryFn: () => adminTeacherRequests.list(query as Parameters<typeof adminTeacherRequests.list>[0]), placeholderData: keepPreviousData });
export const useTeacherRequests = (query: TableQuery) => useQuery(teacherRequestsQueryOptions(query));

export const approveTeacherRequest = ({ rid, note }: { rid: string; note?: string }) => adminTeacherRequests.approve({ rid, note: note || undefined });
export const refuseTeacherRequest = ({ rid, reason }: { rid: string; reason: string }) => adminTeacherRequests.refuse({ rid, reason });
