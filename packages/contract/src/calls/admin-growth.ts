import { call, resource } from '../call';
import { adminGrowthSettingsBody, growthSettings } from '../growth';

/** 后台 → 推广与积分设置 (admin): the rebate rate, points rate, new-member coupon and minimum withdrawal. */
export const adminGrowth = resource('adminGrowth', {
  settings: call({
    method: 'POST',
    path: '/api/admin/growth/settings',
    who: ['admin'],
    summary: '推广与积分设置',
    description: '未保存过时为默认值：返利 5%、每元 1 积分、无新人券、最低提现 100 元。',
    data: growthSettings,
  }),
  saveSettings: call({
    method: 'POST',
    path: '/api/admin/growth/settings/update',
    who: ['admin'],
    summary: '修改推广与积分设置',
    description: '返利比例按百分比、最低提现金额按元填写；新人券须是启用中的优惠券模板，留空为不送。',
    body: adminGrowthSettingsBody,
    data: growthSettings,
    done: '设置已保存',
  }),
});
