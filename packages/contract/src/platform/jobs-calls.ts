import { call, resource } from '../call';
import { jobSettingsBody, jobSettingsView } from './jobs-schemas';

/** 任务设置 (admin): the figures of the background jobs (auto-cancel of unpaid orders, reminders, promise alerts). */
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
    description: '未付款（须预付）订单在下单后多少天自动取消（前一天通知会员）；提醒（上门取样前一天、优惠券到期前、原始数据保存到期前）每天从几点起发送；原始数据保存天数；服务承诺到期前是否另发短信给负责员工。',
    body: jobSettingsBody,
    data: jobSettingsView,
    done: '设置已保存',
  }),
});
