import { z } from 'zod';
import { adminTableQuery } from '../admin-table';
import { optionalText } from '../common';
import { optionalEnum, reasonField, rid } from './admin-fields';
import { staffRef } from './admin-schemas';

// ---- 申请老师认证: a member (学生 or not yet attested) asks sales to attest them as 老师 ----

/**
 * Members attest online only as 学生 (spec); a teacher is attested by sales. The member asks
 * with one click (user/apply4teacher), sales decides in 资料认证 → 老师认证申请 within the
 * handling time below, and the member is told in-site either way; refused, they may ask again.
 * One open request per member at a time.
 */
export const TEACHER_REQUEST_HANDLING_TIME = '1 个工作日';
export const TEACHER_REQUEST_NEEDS = [
  '资料认证中已填写真实姓名和单位名称（高校或科研院所）',
  '客户经理将通过您的注册手机联系核实教职身份（如工作证、学校官网教师页面）',
] as const;
export const TEACHER_REQUEST_OPEN_MESSAGE = '您已有一份老师认证申请正在审核中，请耐心等待';
export const TEACHER_ALREADY_MESSAGE = '您已是老师认证用户，无需重复申请';
export const TEACHER_NOT_ELIGIBLE_MESSAGE = '个人和企业用户如需变更为老师，请联系您的客户经理';
export const TEACHER_PROFILE_NEEDED_MESSAGE = '请先在资料认证中填写姓名和单位名称，再申请老师认证';

export const teacherRequestStatuses = ['pending', 'approved', 'refused'] as const;
export type TeacherRequestStatus = (typeof teacherRequestStatuses)[number];
export const teacherRequestStatusLabels: Record<TeacherRequestStatus, string> = { pending: '审核中', approved: '已通过', refused: '未通过' };

export const teacherRequestView = z.object({
  rid: z.string(),
  status: z.enum(teacherRequestStatuses),
  statusText: z.string(),
  /** what the member wrote with the request ('' when nothing) */
  note: z.string(),
  /** the reason of a refusal, or the reviewer's note on an approval */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TeacherRequestView = z.infer<typeof teacherRequestView>;

/** POST /api/auth/user/teacher4attest — where the member stands, what is needed and how long it takes. */
export const teacherStanding = z.object({
  /** the member's organisation type now (3 老师), null when never attested */
  organization: z.number().int().nullable(),
  /** the 申请老师认证 button is offered: 学生 or not attested, and no request open */
  canApply: z.boolean(),
  /** why it is not offered ('' when it is) */
  reason: z.string(),
  handlingTime: z.string(),
  needs: z.array(z.string()),
  /** the latest request, null when none */
  latest: teacherRequestView.nullable(),
});
export type TeacherStanding = z.infer<typeof teacherStanding>;

/** POST /api/auth/user/apply4teacher — an optional note for sales (school, department, a page that shows it). */
export const teacherApplyBody = z.object({ note: optionalText('说明', 200) });
export type TeacherApplyBody = z.infer<typeof teacherApplyBody>;

// ---- the back office: 资料认证 → 老师认证申请 (sales) ----

export const adminTeacherRequestListBody = adminTableQuery(['createdAt']).extend({
  status: optionalEnum(['pending', 'approved', 'refused'], '审核状态'),
});
export type AdminTeacherRequestListBody = z.infer<typeof adminTeacherRequestListBody>;

export const adminTeacherRequest = teacherRequestView.extend({
  member: z.object({
    rid: z.string(),
    phone: z.string(),
    name: z.string().nullable(),
    nickname: z.string(),
    company: z.string().nullable(),
    email: z.string().nullable(),
    /** the organisation type now */
    organization: z.number().int().nullable(),
  }),
  reviewer: staffRef.nullable(),
});
export type AdminTeacherRequest = z.infer<typeof adminTeacherRequest>;

export const adminTeacherApproveBody = z.object({ rid: rid('申请'), note: optionalText('备注', 200) });
export type AdminTeacherApproveBody = z.infer<typeof adminTeacherApproveBody>;
export const adminTeacherRefuseBody = z.object({ rid: rid('申请'), reason: reasonField });
export type AdminTeacherRefuseBody = z.infer<typeof adminTeacherRefuseBody>;
