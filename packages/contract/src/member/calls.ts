import { z } from 'zod';
import { call, resource } from '../call';
import { memberProfile, profileAttestBody, updateContactBody, updateInfoBody } from './schemas';
import { teacherApplyBody, teacherStanding } from './teacher-schemas';

/** The member's own account (个人中心 → 基本信息, 资料认证) and the member centre's figures. */
export const profile = resource('profile', {
  attest: call({
    method: 'POST',
    path: '/api/auth/user/update4profile',
    who: 'member',
    summary: '提交资料认证',
    description: '仅学生可在线认证（老师、个人、企业由客服认证）；学生须填写导师信息。提交后待客户经理审核。尚无收货地址时，以所填地区和详细地址建立第一个收货地址。',
    body: profileAttestBody,
    data: memberProfile,
    done: '操作成功!',
  }),
  detail: call({ method: 'POST', path: '/api/auth/user/profile', who: 'member', summary: '查看资料认证', description: '从未填写的字段为 null；reviewStatus 为审核状态。', data: memberProfile }),
  setNickname: call({ method: 'POST', path: '/api/auth/user/updateInfo', who: 'member', summary: '修改昵称', body: updateInfoBody, data: z.null(), done: '操作成功!' }),
  setContact: call({ method: 'POST', path: '/api/auth/user/update4contact', who: 'member', summary: '修改联系人姓名和邮箱', body: updateContactBody, data: z.null(), done: '操作成功!' }),
  teacher: call({
    method: 'POST',
    path: '/api/auth/user/teacher4attest',
    who: 'member',
    summary: '老师认证申请状态',
    description: '当前用户类型、能否申请老师认证（学生或未认证、且没有审核中的申请）、所需材料、预计处理时间和最近一次申请。',
    data: teacherStanding,
  }),
  applyTeacher: call({
    method: 'POST',
    path: '/api/auth/user/apply4teacher',
    who: 'member',
    summary: '申请老师认证',
    description: '学生或未认证会员一键申请，由客户经理在「资料认证 → 老师认证申请」中审核；须先在资料认证中填写姓名和单位名称。同一时间只能有一份审核中的申请（409）。',
    body: teacherApplyBody,
    data: teacherStanding,
    done: '老师认证申请已提交',
  }),
});
