import { z } from 'zod';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminPickup, adminSamplingListBody, recycleAddBody, recycleListBody, recycleRequest, sampling, samplingAddBody, samplingListBody, samplingRidBody } from './sampling-schemas';

/** Home sample pickup (个人中心 → 上门取样). */
export const pickups = resource('pickups', {
  add: call({
    method: 'POST',
    path: '/api/auth/sampling/add',
    who: 'member',
    summary: '预约上门取样',
    description:
      '只有上门取样（type 1）需要预约；自行寄样（type 0）答复寄样提示。日期可选今天起 14 天内（当天 15:00 后不能选当天），不含后台停用的星期、日期和时段；地址须在开通上门取样的城市。可选已有地址（address_rid）或填写新地址。',
    body: samplingAddBody,
    data: sampling,
    done: '提交成功!',
  }),
  list: call({ method: 'POST', path: '/api/auth/sampling/list', who: 'member', summary: '我的上门取样预约', description: '新到旧，可按状态筛选。', body: samplingListBody, data: pageOf(sampling) }),
  cancel: call({ method: 'POST', path: '/api/auth/sampling/cancel', who: 'member', summary: '取消上门取样预约', description: '只能取消待取样的预约。', body: samplingRidBody, data: sampling, done: '已取消预约' }),
});

/** Asking for samples back (个人中心 → 样品回收). */
export const recycles = resource('recycles', {
  add: call({
    method: 'POST',
    path: '/api/auth/sample4recycle/add',
    who: 'member',
    summary: '申请寄回样品',
    description: '寄到已有地址（address_rid）或新填写的地址。',
    body: recycleAddBody,
    data: recycleRequest,
    done: '提交成功!',
  }),
  list: call({ method: 'POST', path: '/api/auth/sample4recycle/list4person', who: 'member', summary: '我的样品回收申请', description: '新到旧。', body: recycleListBody, data: pageOf(recycleRequest) }),
});

/** The pickups desk in the back office (实验员, 客户经理). */
export const adminPickups = resource('adminPickups', {
  list: call({
    method: 'POST',
    path: '/api/admin/sampling/list',
    who: ['lab', 'sales'],
    summary: '某日的上门取样',
    description: '按时段排列，带预约会员和关联订单。',
    body: adminSamplingListBody,
    data: z.array(adminPickup),
  }),
  collect: call({
    method: 'POST',
    path: '/api/admin/sampling/collect',
    who: ['lab', 'sales'],
    summary: '标记已取样',
    description: '只有待取样的预约可以标记；记录操作员工和时间。',
    body: samplingRidBody,
    data: sampling,
    done: '已标记为已取样',
  }),
});
