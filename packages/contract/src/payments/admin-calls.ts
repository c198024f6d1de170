import { call, resource } from '../call';
import { adminOnlinePaymentDetailView, adminOnlinePaymentExportQuery, adminOnlinePaymentListBody, adminOnlinePaymentNoBody, adminOnlinePaymentPage, adminOnlineRefundExportQuery, adminOnlineRefundListBody, adminOnlineRefundNoBody, adminOnlineRefundPage, adminOnlineRefundView, adminReconcileIdBody, adminReconcileListBody, adminReconcileResolveBody, adminReconcileRunBody, reconcileDetailView, reconcileLineView, reconcileRunsView } from './admin-schemas';

const finance = ['finance'] as const;

/**
 * 财务管理 → 在线支付, 退款记录, 对账 (docs/payments.md "What finance reconciles"): the online
 * payments and refunds with their xlsx exports, a refund asked about at the gateway now, and the
 * daily reconciliation of each vendor's bill (re-run a day, resolve a difference with a note).
 */
export const adminPayments = resource('adminPayments', {
  list: call({ method: 'POST', path: '/api/admin/payments/list', who: finance, summary: '在线支付列表', body: adminOnlinePaymentListBody, data: adminOnlinePaymentPage }),
  detail: call({ method: 'POST', path: '/api/admin/payments/detail', who: finance, summary: '在线支付详情', description: '支付记录、其退款与资金流水。', body: adminOnlinePaymentNoBody, data: adminOnlinePaymentDetailView }),
  export: call({ method: 'GET', path: '/api/admin/payments/export', who: finance, summary: '导出在线支付', description: '筛选同列表，不分页（xlsx）。', query: adminOnlinePaymentExportQuery, data: 'file' }),
  refundList: call({ method: 'POST', path: '/api/admin/payments/refund/list', who: finance, summary: '退款记录', body: adminOnlineRefundListBody, data: adminOnlineRefundPage }),
  refundExport: call({ method: 'GET', path: '/api/admin/payments/refund/export', who: finance, summary: '导出退款记录', description: '筛选同列表，不分页（xlsx）。', query: adminOnlineRefundExportQuery, data: 'file' }),
  refundQuery: call({
    method: 'POST',
    path: '/api/admin/payments/refund/query',
    who: finance,
    summary: '查询退款结果',
    description: '退款中的一笔：尚未提交的立即提交给支付平台，已提交的向支付平台查询并更新状态。退款关闭或异常的须在商户平台处理。',
    body: adminOnlineRefundNoBody,
    data: adminOnlineRefundView,
    done: '已向支付平台查询',
  }),
  reconcileList: call({ method: 'POST', path: '/api/admin/payments/reconcile/list', who: finance, summary: '对账记录', description: '按日期（默认最近30天）与渠道。', body: adminReconcileListBody, data: reconcileRunsView }),
  reconcileDetail: call({ method: 'POST', path: '/api/admin/payments/reconcile/detail', who: finance, summary: '对账详情', body: adminReconcileIdBody, data: reconcileDetailView }),
  reconcileRun: call({
    method: 'POST',
    path: '/api/admin/payments/reconcile/run',
    who: finance,
    summary: '重新对账',
    description: '下载该日渠道账单并与本地记录核对，替换该日原有结果（同一差异已处理的说明保留）。不指定渠道时核对所有已开通渠道。',
    body: adminReconcileRunBody,
    data: reconcileRunsView,
    done: '对账已完成',
  }),
  reconcileResolve: call({
    method: 'POST',
    path: '/api/admin/payments/reconcile/resolve',
    who: finance,
    summary: '处理对账差异',
    description: '填写处理说明，标记该差异已处理。',
    body: adminReconcileResolveBody,
    data: reconcileLineView,
    done: '差异已处理',
  }),
});
