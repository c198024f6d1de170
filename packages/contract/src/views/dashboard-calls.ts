import { call, resource } from '../call';
import { adminDashboard } from './dashboard-schemas';

/** The back office's first screen (工作台). */
export const dashboard = resource('dashboard', {
  overview: call({
    method: 'POST',
    path: '/api/admin/dashboard',
    who: 'staff',
    summary: '工作台：今日待办与服务承诺预警',
    description: '各类待处理数量（按实验室所在时区的今天计），以及即将到期或已超时的服务承诺（收样后回电、数据交付通知、全款后 48 小时内回寄样品）和待结算订单，各列最早的 20 条。',
    data: adminDashboard,
  }),
});
