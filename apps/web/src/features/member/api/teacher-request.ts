import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberKeys } from '../../../api/query-keys';
import { profile } from './profile';

/** 申请老师认证: where the member stands (what is needed, how long it takes, the latest request). */
export const teacherStandingQueryOptions = () => queryOptions({ queryKey: memberKeys.teacher, queryFn: () => profile.teacher() });
export const useTeacherStanding = () => useQuery(teacherStandingQueryOptions());

/** One click: the request, with an optional note for sales. */
export const applyForTeacher = (note: string) => profile.applyTeacher({ note: note.trim() || undefined });
