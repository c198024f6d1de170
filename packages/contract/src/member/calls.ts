import { z } from 'zod';
import { call, resource } from '../call';
import { memberProfile, profileAttestBody, updateContactBody, updateInfoBody } from './schemas';

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
});
