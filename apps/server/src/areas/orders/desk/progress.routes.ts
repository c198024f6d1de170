import type { FastifyBaseLogger } from 'fastify';
import { orderNoBody } from '@lab/contract';
import { calls } from '@lab/contract/calls';
import type { AppDeps } from '../../../platform/deps';
import { serve, type CallContext } from '../../../platform/calls';
import { audit, auditTarget } from '../../../platform/audit';
import { gatedAnswer } from '../../approvals';
import { byOrderNo, orderAudit } from '../orders.audit';
import { readUpload, removeAfterCommit, sendFile, storeUpload, uploadSpec } from '../../../platform/files';
import { searchOrders } from '../order-search.service';
import { getAdminOrder, staffActorName, staffMove, staffReport, type StaffAction } from './progress.service';
import { staffCancel } from './staff-cancel.service';
import { confirmData, disputeData, evaluateOrder, memberReport, testRecord } from './member-progress.service';
import { addReport, assertReportUploadable, deleteReport, downloadBase, REPORT_MAX_BYTES, REPORT_TYPES } from './reports.service';

const reportUpload = uploadSpec({ kind: 'reports', maxBytes: REPORT_MAX_BYTES, types: REPORT_TYPES, fields: orderNoBody });
const channels = (deps: AppDeps, log: FastifyBaseLogger) => ({ sms: deps.sms, email: deps.email, log });

type StepCall = (typeof calls.adminOrders)[StaffAction];

/** One lab step (confirm … retest): the move, audited as orders.<step>. */
const step = (action: StaffAction, label: string) => ({
  handler: ({ db, staff, body, now, deps, request }: CallContext<StepCall>) => staffMove(db, channels(deps, request.log), staff.id, action, body, now),
  config: { audit: audit(orderAudit, `orders.${action}`, label, byOrderNo) },
});

/**
 * Order progress: the lab's steps under /api/admin/orders (contract/calls/admin-orders.ts,
 * adminOrders: sales and lab confirm; the lab receives, tests, delivers, completes and re-tests;
 * admin always) and report files.
 */
export const progressRoutes = serve(calls.adminOrders, {
  list: { handler: ({ db, body, now }) => searchOrders(db, body, now), config: { readOnly: true } },
  detail: { handler: ({ db, body, now }) => getAdminOrder(db, body.order_no, now), config: { readOnly: true } },
  confirm: step('confirm', '确认订单'),
  receive: step('receive', '确认收样'),
  test: step('test', '开始测试'),
  deliver: step('deliver', '交付数据'),
  complete: step('complete', '完成订单'),
  retest: step('retest', '安排复测'),
  cancel: {
    handler: async ({ db, staff, body, now, deps, request }) => gatedAnswer(request, await staffCancel(db, channels(deps, request.log), { by: staff }, body, now)),
    config: { audit: audit(orderAudit, 'orders.cancel', '取消订单', byOrderNo) },
  },
  uploadReport: {
    handler: async ({ db, staff, now, deps, request }) => {
      const { fields, file, filename } = await readUpload(request, reportUpload);
      const orderNo = fields.order_no;
      await auditTarget(request, orderNo, { order_no: orderNo, file: filename });
      await assertReportUploadable(db, orderNo);
      const actor = await staffActorName(db, staff.id);
      return storeUpload(deps.files, reportUpload, file, async (stored) => ({ value: await addReport(db, actor, orderNo, stored, filename, now), replaced: null }));
    },
    // the order number arrives among the multipart fields: auditTarget in the handler names it
    config: { upload: reportUpload, audit: audit(orderAudit, 'orders.report.upload', '上传报告文件', () => null) },
  },
  deleteReport: {
    handler: async ({ db, staff, body, now, deps }) => {
      const { value, replaced } = await deleteReport(db, await staffActorName(db, staff.id), body.order_no, body.id, now);
      // the file no report points at goes once the request's transaction committed
      await removeAfterCommit(deps.files, reportUpload.kind, replaced);
      return value;
    },
    config: { audit: audit(orderAudit, 'orders.report.delete', '删除报告文件', byOrderNo) },
  },
  report: async ({ db, query, deps, reply }) => {
    const file = await staffReport(db, query.order_no, query.id);
    return sendFile(reply, deps.files, 'reports', { name: file.storedName, type: file.type }, downloadBase(file));
  },
});

/** 我的订单: the member's report download, data confirmation, dispute, evaluation and test record (contract/calls/order-progress.ts). */
export const orderProgressRoutes = serve(calls.orderProgress, {
  report: async ({ db, memberId, query, deps, reply }) => {
    const file = await memberReport(db, memberId, query.order_no, query.id);
    return sendFile(reply, deps.files, 'reports', { name: file.storedName, type: file.type }, downloadBase(file));
  },
  confirmData: ({ db, memberId, body, now }) => confirmData(db, memberId, body.order_no, now),
  dispute: ({ db, memberId, body, now }) => disputeData(db, memberId, body, now),
  evaluate: ({ db, memberId, body, now }) => evaluateOrder(db, memberId, body, now),
  testRecord: ({ db, memberId, body }) => testRecord(db, memberId, body.order_no),
});
