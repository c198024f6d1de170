import { call, resource } from '../call';
import { adminGrowthSettingsBody, adminGrowthSettingsView } from './schemas';

/** 后台 → 推广与积分设置 (admin): the rebate rate, points rate, new-member coupon and minimum withdrawal. */
export const adminGrowth = resource('adminGrowth', {
  settings: call({
    method: 'POST',
    path: '/api/admin/growth/settings',
    who: ['admin'],
    summary: '推广与积分设置',
    description: '未保存过时为默认值：返利 5%、每元 1 积分、无新人券、最低提现 100 元；返利发放方式学生、老师转入预存款，个人、企业现金（可提现）。termsVersion：当前《推广合伙人协议》的版本。',
    data: adminGrowthSettingsView,
  }),
  saveSettings: call({
    method: 'POST',
    path: '/api/admin/growth/settings/update',
    who: ['admin'],
    summary: '修改推广与积分设置',
    description: '返利比例按百分比、最低提现金额按元填写；新人券须是启用中的优惠券模板，留空为不送。返利发放方式按用户类型（payout_0 学生、payout_3 老师、payout_1 个人、payout_2 企业：cash、prestore、coupon）；返利比例、发放方式或返利券有效期变化时发布新版《推广合伙人协议》，合伙人同意后方可继续提现。',
    body: adminGrowthSettingsBody,
    data: adminGrowthSettingsView,
    done: '设置已保存',
  }),
});
