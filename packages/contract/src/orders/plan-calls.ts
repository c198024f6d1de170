import { call, resource } from '../call';
import { planAddBody, planAddReservationBody, planOperateBody, planView } from './plan-schemas';

/** 实验计划 (tempDevice): the member's cart, priced from the catalogue on every read. */
export const plan = resource('plan', {
  list: call({
    method: 'POST',
    path: '/api/auth/tempDevice/list',
    who: 'member',
    summary: '实验计划',
    description: '按服务分组（结构表征在前），单价按目录现价计算；已下架的项目 available 为 false。',
    data: planView,
  }),
  add: call({
    method: 'POST',
    path: '/api/auth/tempDevice/add',
    who: 'member',
    summary: '加入实验计划',
    description: '同一项目、同样选项的行合并数量；计划最多 50 行。',
    body: planAddBody,
    data: planView,
    done: '已加入实验计划',
  }),
  addReservation: call({
    method: 'POST',
    path: '/api/auth/tempDevice/addForReservation',
    who: 'member',
    summary: '预约机时加入实验计划',
    description: '上门测试（机时）项目的期望日期和连续时段；下单时才预约。',
    body: planAddReservationBody,
    data: planView,
    done: '已加入实验计划',
  }),
  operate: call({
    method: 'POST',
    path: '/api/auth/tempDevice/operate',
    who: 'member',
    summary: '修改实验计划',
    description: 'action：count 改数量，note 改备注，remove 移除所选行，clear 清空。',
    body: planOperateBody,
    data: planView,
    done: '操作成功',
  }),
});
