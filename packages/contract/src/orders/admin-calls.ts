import { z } from 'zod';
import { approvalFiled } from '../approvals/schemas';
import { call, resource } from '../call';
import { pageOf } from '../common';
import { adminCallBody, adminCancelBody, adminNotifyBody, adminOrderDetailView, adminOrderRowView, adminOrderSearchBody, adminProgressBody, adminReturnListBody, adminReturnSendBody, adminReturnView, reportDeleteBody, reportQuery, sampleLabelsView } from './admin-schemas';
import { adminPickupDaysBody, pickupCalendarView } from './sampling-schemas';
import { orderNoBody, reportFileView } from './schemas';

const step = (path: `/api/admin/orders/${string}`, who: readonly ('sales' | 'lab')[], summary: string, description: string, done: string) =>
  call({ method: 'POST', path, who, summary, description, body: adminProgressBody, data: adminOrderDetailView, done });

/** The order desk's lifecycle (订单管理): search, detail, the lab's steps, cancel, report files. */
export const adminOrders = resource('adminOrders', {
  list: call({
    method: 'POST',
    path: '/api/admin/orders/list',
    who: ['sales', 'lab'],
    summary: '订单列表',
    description: '关键词可为订单号（或其开头）、样品编号、会员手机号、姓名、单位或项目名称；可按进度、支付状态、类型、测试后结算、承诺预警与下单日期筛选。',
    body: adminOrderSearchBody,
    data: pageOf(adminOrderRowView),
  }),
  detail: call({
    method: 'POST',
    path: '/api/admin/orders/detail',
    who: ['sales', 'lab'],
    summary: '订单详情',
    description: '含服务承诺、回访记录、样品回寄申请，以及当前状态允许的操作与不能操作的原因。',
    body: orderNoBody,
    data: adminOrderDetailView,
  }),
  confirm: step('/api/admin/orders/confirm', ['sales', 'lab'], '确认订单', '待确认 → 待寄样。', '订单已确认'),
  receive: step('/api/admin/orders/receive', ['lab'], '确认收样', '待寄样 → 已收样（扫码收样），开始到样回访的承诺计时。', '已确认收样'),
  test: step('/api/admin/orders/test', ['lab'], '开始测试', '已收样 → 测试中；企业订单需全额付款后才能开始测试。', '已开始测试'),
  deliver: step('/api/admin/orders/deliver', ['lab'], '交付数据', '测试中 → 已出数据，需已上传报告文件；发出数据通知（短信、邮件、站内信）。', '数据已交付'),
  complete: step('/api/admin/orders/complete', ['lab'], '完成订单', '已出数据 → 已完成。', '订单已完成'),
  retest: step('/api/admin/orders/retest', ['lab'], '安排复测', '已出数据 → 测试中。', '已安排复测'),
  cancel: call({
    method: 'POST',
    path: '/api/admin/orders/cancel',
    who: ['sales', 'lab'],
    summary: '取消订单',
    description: '数据交付前可取消，需填写原因；已付款的订单退款超出本人审批额度时转为审批申请。refund_fen 为页面显示的退款金额，期间付款情况变化时返回 409。',
    body: adminCancelBody,
    data: z.union([adminOrderDetailView, approvalFiled]),
    done: '订单已取消',
  }),
  uploadReport: call({
    method: 'POST',
    path: '/api/admin/orders/report/upload',
    who: ['lab'],
    summary: '上传报告文件',
    description: 'multipart：order_no 与一个文件（PDF、Word、Excel、图片或压缩包）。',
    multipart: true,
    data: z.array(reportFileView),
    done: '报告文件已上传',
  }),
  deleteReport: call({ method: 'POST', path: '/api/admin/orders/report/delete', who: ['lab'], summary: '删除报告文件', body: reportDeleteBody, data: z.array(reportFileView), done: '报告文件已删除' }),
  report: call({ method: 'GET', path: '/api/admin/orders/report', who: ['sales', 'lab'], summary: '下载报告文件', query: reportQuery, data: 'file' }),
});

/** The order desk beyond the lifecycle: manager calls, data notices, sample labels, pickups by day, sample returns. */
export const adminOrderDesk = resource('adminOrderDesk', {
  call: call({
    method: 'POST',
    path: '/api/admin/orders/call',
    who: ['sales'],
    summary: '记录回访',
    description: '样品签收后客户经理的电话回访（承诺：2小时内）。',
    body: adminCallBody,
    data: adminOrderDetailView,
    done: '回访已记录',
  }),
  notify: call({
    method: 'POST',
    path: '/api/admin/orders/notify',
    who: ['sales', 'lab'],
    summary: '重发数据通知',
    description: '再次发出数据交付的短信、邮件与站内通知。',
    body: adminNotifyBody,
    data: adminOrderDetailView,
    done: '数据通知已发送',
  }),
  labels: call({ method: 'POST', path: '/api/admin/orders/labels', who: ['sales', 'lab'], summary: '样品标签', description: '每个样品一张：样品编号（二维码）、名称、测试项目与注意事项。', body: orderNoBody, data: sampleLabelsView }),
  pickupDays: call({
    method: 'POST',
    path: '/api/admin/sampling/days',
    who: ['sales', 'lab'],
    summary: '上门取样日历',
    description: '日期范围内每天待取样与已取样的数量（最多62天），以及更早未标记取样的预约。',
    body: adminPickupDaysBody,
    data: pickupCalendarView,
  }),
  returns: call({
    method: 'POST',
    path: '/api/admin/returns/list',
    who: ['sales', 'lab'],
    summary: '样品回寄申请',
    description: '可按状态与关键词筛选；带回寄承诺（付清后48小时内）的状态。',
    body: adminReturnListBody,
    data: pageOf(adminReturnView),
  }),
  sendReturn: call({
    method: 'POST',
    path: '/api/admin/returns/send',
    who: ['sales', 'lab'],
    summary: '样品寄回',
    description: '填写快递公司与单号，标记已寄出并通知会员。',
    body: adminReturnSendBody,
    data: adminReturnView,
    done: '已标记寄出，并通知会员',
  }),
});
