import { call, resource } from '../call';
import { adminOrderDetailView } from './admin-schemas';
import { adminSampleMoveBody } from './sample-schemas';

/** The desk's per-sample steps (样品状态): a scanned label or a click moves one sample on. */
export const adminSamples = resource('adminSamples', {
  move: call({
    method: 'POST',
    path: '/api/admin/samples/move',
    who: ['lab'],
    summary: '样品状态流转',
    description:
      '扫描样品标签或点击：待收样 → 已收样 → 排队中 → 上机中 → 数据处理 → 已出数据，之后退样或留样（已收样、排队中的样品也可退样）。to 为空时进入下一状态；不能跳过状态。confirm=1 时待确认的订单先确认再收样。订单进度随样品推进。',
    body: adminSampleMoveBody,
    data: adminOrderDetailView,
    done: '样品状态已更新',
  }),
});
