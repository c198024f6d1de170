import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { adminCancelBody, adminOrderSearchBody, adminProgressBody, disputeBody, evaluateAddBody, orderNoBody, orderNoField, requiredText, type StaffRole } from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { ok } from '../../platform/envelope';
import { audit, auditTarget } from '../../platform/audit';
import { answerGated } from '../30-approvals/approval-answer';
import { byOrderNo, orderAudit } from '../50-ordering/orders.audit';
import { readUpload, removeAfterCommit, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { searchOrders } from '../50-ordering/order-search.service';
import {
  confirmData,
  disputeData,
  evaluateOrder,
  getAdminOrder,
  memberReport,
  staffActorName,
  staffCancel,
  staffMove,
  staffReport,
  testRecord,
  type StaffAction,
} from './progress.service';
import { addReport, assertReportUploadable, deleteReport, downloadBase, REPORT_MAX_BYTES, REPORT_TYPES } from './reports.service';

const lab: { roles: readonly StaffRole[] } = { roles: ['lab'] };
const salesAndLab: { roles: readonly StaffRole[] } = { roles: ['sales', 'lab'] };
const reportQuery = z.object({ order_no: orderNoField, id: requiredText('文件编号', 40) });
const reportDeleteBody = z.object({ order_no: orderNoField, id: requiredText('文件编号', 40) });
const reportUpload = uploadSpec({ kind: 'reports', maxBytes: REPORT_MAX_BYTES, types: REPORT_TYPES, fields: orderNoBody });

const stepMessages: Record<StaffAction, string> = {
  confirm: '订单已确认',
  receive: '已确认收样',
  test: '已开始测试',
  deliver: '数据已交付',
  complete: '订单已完成',
  retest: '已安排复测',
};

const stepLabels: Record<StaffAction, string> = {
  confirm: '确认订单',
  receive: '确认收样',
  test: '开始测试',
  deliver: '交付数据',
  complete: '完成订单',
  retest: '安排复测',
};

/**
 * Order progress: the lab's steps under /api/admin/orders (sales and lab confirm; the lab
 * receives, tests, delivers, completes and re-tests; admin always), report files, and the
 * member's confirmation, dispute, evaluation and test record under /api/auth.
 */
export async function progressRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const channels = (log: FastifyBaseLogger) => ({ sms: deps.sms, email: deps.email, log });

  // ---- staff ----
  r.post('/api/admin/orders/list', { schema: { body: adminOrderSearchBody }, config: { ...salesAndLab, readOnly: true } }, async (request) => {
    requireStaff(request);
    return ok(await searchOrders(db, request.body, now()));
  });
  r.post('/api/admin/orders/detail', { schema: { body: orderNoBody }, config: { ...salesAndLab, readOnly: true } }, async (request) => {
    requireStaff(request);
    return ok(await getAdminOrder(db, request.body.order_no, now()));
  });
  const steps: [StaffAction, { roles: readonly StaffRole[] }][] = [
    ['confirm', salesAndLab],
    ['receive', lab],
    ['test', lab],
    ['deliver', lab],
    ['complete', lab],
    ['retest', lab],
  ];
  for (const [action, roles] of steps) {
    const config = { ...roles, audit: audit(orderAudit, `orders.${action}`, stepLabels[action], byOrderNo) };
    r.post(`/api/admin/orders/${action}`, { schema: { body: adminProgressBody }, config }, async (request) => {
      const person = requireStaff(request);
      return ok(await staffMove(request.db, channels(request.log), person.id, action, request.body, now()), stepMessages[action]);
    });
  }
  r.post('/api/admin/orders/cancel', { schema: { body: adminCancelBody }, config: { ...salesAndLab, audit: audit(orderAudit, 'orders.cancel', '取消订单', byOrderNo) } }, async (request) => {
    const acting = { by: requireStaff(request) };
    return answerGated(request, await staffCancel(request.db, channels(request.log), acting, request.body, now()), '订单已取消');
  });
  r.post('/api/admin/orders/report/delete', { schema: { body: reportDeleteBody }, config: { ...lab, audit: audit(orderAudit, 'orders.report.delete', '删除报告文件', byOrderNo) } }, async (request) => {
    const person = requireStaff(request);
    const { value, replaced } = await deleteReport(request.db, await staffActorName(request.db, person.id), request.body.order_no, request.body.id, now());
    // the file no report points at goes once the request's transaction committed
    removeAfterCommit(config.dataDir, reportUpload.kind, replaced);
    return ok(value, '报告文件已删除');
  });
  r.get('/api/admin/orders/report', { schema: { querystring: reportQuery }, config: salesAndLab }, async (request, reply) => {
    requireStaff(request);
    const file = await staffReport(db, request.query.order_no, request.query.id);
    return sendFile(reply, config.dataDir, 'reports', { name: file.storedName, type: file.type }, downloadBase(file));
  });

  // ---- member ----
  r.get('/api/auth/order/report', { schema: { querystring: reportQuery } }, async (request, reply) => {
    const file = await memberReport(db, requireMemberId(request), request.query.order_no, request.query.id);
    return sendFile(reply, config.dataDir, 'reports', { name: file.storedName, type: file.type }, downloadBase(file));
  });
  r.post('/api/auth/assign/right', { schema: { body: orderNoBody } }, async (request) =>
    ok(await confirmData(db, requireMemberId(request), request.body.order_no, now()), '已确认数据'),
  );
  r.post('/api/auth/assign/wrong', { schema: { body: disputeBody } }, async (request) =>
    ok(await disputeData(db, requireMemberId(request), request.body, now()), '已提交复测申请'),
  );
  r.post('/api/auth/evaluate/add', { schema: { body: evaluateAddBody } }, async (request) =>
    ok(await evaluateOrder(db, requireMemberId(request), request.body, now()), '评价成功，感谢您的反馈'),
  );
  r.post('/api/auth/order/testRecord', { schema: { body: orderNoBody } }, async (request) => ok(await testRecord(db, requireMemberId(request), request.body.order_no)));

  // ---- report upload (multipart, in its own scope) ----
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REPORT_MAX_BYTES, files: 1 } });
    // the order number arrives among the multipart fields: auditTarget in the handler names it
    const uploadConfig = { ...lab, upload: reportUpload, audit: audit(orderAudit, 'orders.report.upload', '上传报告文件', () => null) };
    scope.post('/api/admin/orders/report/upload', { config: uploadConfig }, async (request) => {
      const person = requireStaff(request);
      const { fields, file, filename } = await readUpload(request, reportUpload);
      const orderNo = fields.order_no;
      await auditTarget(request, orderNo, { order_no: orderNo, file: filename });
      await assertReportUploadable(request.db, orderNo);
      const actor = await staffActorName(request.db, person.id);
      const reports = await storeUpload(config.dataDir, reportUpload, file, async (stored) => ({ value: await addReport(request.db, actor, orderNo, stored, filename, now()), replaced: null }));
      return ok(reports, '报告文件已上传');
    });
  });
}
