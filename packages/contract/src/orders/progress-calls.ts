import { z } from 'zod';
import { call, resource } from '../call';
import { reportQuery } from './admin-schemas';
import { disputeBody, evaluateAddBody, orderDetailView, orderNoBody, testRecordView } from './schemas';

/** The member's side of an order's progress (我的订单): reports, data confirmation, dispute, evaluation, test record. */
export const orderProgress = resource('orderProgress', {
  report: call({ method: 'GET', path: '/api/auth/order/report', who: 'member', summary: '下载报告文件', query: reportQuery, data: 'file' }),
  confirmData: call({ method: 'POST', path: '/api/auth/assign/right', who: 'member', summary: '确认数据', description: '已出数据的订单：会员确认数据无误。', body: orderNoBody, data: orderDetailView, done: '已确认数据' }),
  dispute: call({
    method: 'POST',
    path: '/api/auth/assign/wrong',
    who: 'member',
    summary: '数据有误，申请复测',
    description: '数据交付后15天内可提出。',
    body: disputeBody,
    data: orderDetailView,
    done: '已提交复测申请',
  }),
  evaluate: call({ method: 'POST', path: '/api/auth/evaluate/add', who: 'member', summary: '评价订单', description: '已完成的订单可评价一次（1–5分）。', body: evaluateAddBody, data: orderDetailView, done: '评价成功，感谢您的反馈' }),
  testRecord: call({ method: 'POST', path: '/api/auth/order/testRecord', who: 'member', summary: '测试记录', description: '按订单项目与样品：样品在实验室的状态与订单事件。', body: orderNoBody, data: z.array(testRecordView) }),
});
