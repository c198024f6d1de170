import { z } from 'zod';
import { call, resource } from '../call';
import { itemWaitsQuery, itemWaitView, queueBoardBody, queueBoardView, queueCapacityBody, queueCloseDayBody, queueOpenDayBody, queueReorderBody } from './queue-schemas';

/** 排队看板 (lab and sales read; the lab reorders with a reason; the admin keeps capacity and calendar). */
export const adminQueue = resource('adminQueue', {
  board: call({
    method: 'POST',
    path: '/api/admin/queue/board',
    who: ['lab', 'sales'],
    summary: '排队看板',
    description: '各仪器排队中的样品数；所选仪器（默认排队最多的）的队列顺序、每日产能与停机日（节假日、维护）。',
    body: queueBoardBody,
    data: queueBoardView,
  }),
  reorder: call({
    method: 'POST',
    path: '/api/admin/queue/reorder',
    who: ['lab'],
    summary: '调整排队顺序',
    description: '将样品在所属仪器的队列中上移或下移一位，须填写原因，记入审计日志。',
    body: queueReorderBody,
    data: queueBoardView,
    done: '排队顺序已调整',
  }),
  capacity: call({ method: 'POST', path: '/api/admin/queue/capacity', who: ['admin'], summary: '设置每日产能', body: queueCapacityBody, data: queueBoardView, done: '每日产能已保存' }),
  closeDay: call({
    method: 'POST',
    path: '/api/admin/queue/closeDay',
    who: ['admin'],
    summary: '添加停机日',
    description: '节假日或维护保养日；不选仪器时所有仪器停机。',
    body: queueCloseDayBody,
    data: queueBoardView,
    done: '停机日已添加',
  }),
  openDay: call({ method: 'POST', path: '/api/admin/queue/openDay', who: ['admin'], summary: '删除停机日', body: queueOpenDayBody, data: queueBoardView, done: '停机日已删除' }),
});

/** The typical current wait of items (the item page, the order form): open, a count and days only, never whose samples. */
export const queue = resource('queue', {
  waits: call({
    method: 'GET',
    path: '/api/open/queue/waits',
    who: 'open',
    summary: '项目当前排队与预计出数据时间',
    description: '按项目（rid，逗号分隔，最多 20 个）：仪器上排队中的样品数、今天送样预计的工作日区间与日期、是否超出项目标明的测试周期。',
    query: itemWaitsQuery,
    data: z.array(itemWaitView),
  }),
});
