import { call, resource } from '../call';
import { jobSettingsBody, jobSettingsView } from '../admin';

/** 任务设置 (admin): the figures of the background jobs (auto-cancel of unpaid orders). */
export const adminJobs = resource('adminJobs', {
  settings: call({
    method: 'POST',
    path: '/api/admin/jobs/settings',
    who: ['admin'],
    summary: '后台任务设置',
    data: jobSettingsView,
  }),
  saveSettings: call({
    method: 'POST',
    path: '/api/admin/jobs/settings/save',
    who: ['admin'],
    summary: '保存后台任务设置',
    description: '未付款（须预付）订单在下单后多少天自动取消；前一天通知会员。',
    body: jobSettingsBody,
    data: jobSettingsView,
    done: '设置已保存',
  }),
});
