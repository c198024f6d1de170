import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminAdjustBody,
  adminCouponIssueBody,
  adminCouponTemplateBody,
  adminCouponTemplateListBody,
  adminCreditApproveBody,
  adminCreditListBody,
  adminInvoiceIssueBody,
  adminInvoiceListBody,
  adminPrestoreConfirmBody,
  adminPrestoreListBody,
  adminPrestoreRulesBody,
  adminRefuseBody,
  adminTransferDecideBody,
  adminTransferListBody,
  balanceExportQuery,
  balanceHistoryBody,
  couponClaimBody,
  couponListBody,
  creditOperateBody,
  invoiceApplyAddBody,
  invoiceApplyEditBody,
  invoiceApplyListBody,
  invoiceApplyRidBody,
  invoiceTitleAddBody,
  invoiceTitleEditBody,
  invoiceTitleRidBody,
  pageQuery,
  prestoreAddBody,
  prestoreEditBody,
  prestoreListBody,
  prestoreReadyBody,
  prestoreRidBody,
  INVOICE_FILE_MAX_BYTES,
  RECEIPT_MAX_BYTES,
  requiredText,
  transferAddBody,
  transferListBody,
  transferRidBody,
  type AdminAdjustBody,
  type CouponTemplate,
  type MemberCoupon,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { ok } from '../../platform/envelope';
import { requireMemberId, requireStaff } from '../10-accounts/auth-guard';
import { notFound } from '../../platform/errors';
import {
  addPrestore,
  attachReceipt,
  balanceHistory,
  cancelPrestore,
  confirmPrestore,
  editPrestore,
  findOwnPrestore,
  findPrestoreByRid,
  getPrestore,
  getPrestoreRules,
  historyForExport,
  listPrestores,
  readyPay,
  refusePrestore,
  savePrestoreRules,
} from './prestore.service';
import { addTransfer, approveTransfer, cancelTransfer, getTransfer, listTransfers, refuseTransfer } from './transfers.service';
import { adjustBalance, assetCounts, assetOverview } from './assets.service';
import { addCouponTemplate, claimCoupon, issueCoupon, listClaimable, listCouponTemplates, listMyCoupons, listPromotions } from './coupons.service';
import {
  addInvoiceApplication,
  addTitle,
  assertFileAttachable,
  attachInvoiceFile,
  deleteTitle,
  editInvoiceApplication,
  editTitle,
  getInvoiceApplication,
  invoiceFileOf,
  issueInvoice,
  listInvoiceApplications,
  listTitles,
  rejectInvoice,
  setDefaultTitle,
} from './invoices.service';
import { applyForCredit, approveCredit, cancelCredit, getCreditInfo, refuseCredit } from './credit.service';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { historyCsv, historyXlsx } from './export';
import { audit, auditTarget } from '../../platform/audit';
import { answerGated } from '../30-approvals/approval-answer';
import { adminListCredit, adminListInvoices, adminListPrestores, adminListTransfers } from './admin-queues.service';
import { accountAudit, accountKey, couponAudit, couponTemplateAudit, creditAudit, invoiceAudit, PRESTORE_RULES_KEY, prestoreAudit, prestoreRulesAudit, transferAudit } from './funds.audit';

const finance = { roles: ['finance'] as const };
const couponStaff = { roles: ['finance', 'sales'] as const };
const byRid = (body: { rid: string }) => body.rid;
const ridQuery = z.object({ rid: requiredText('单号', 40) });
const receiptUpload = uploadSpec({ kind: 'receipts', maxBytes: RECEIPT_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: z.object({ rid: requiredText('预存单号', 40) }) });
const invoiceFileUpload = uploadSpec({ kind: 'invoices', maxBytes: INVOICE_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: z.object({ rid: requiredText('开票申请', 40) }) });

/** Prepaid funds, transfers, coupons, invoices and credit: /api/auth for members, /api/admin/funds for finance. */
export async function fundsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();

  // ---- prestore (预存) ----
  r.post('/api/auth/prestoreApply/readyPayNum', { schema: { body: prestoreReadyBody } }, async (request) => {
    requireMemberId(request);
    return ok(await readyPay(db, request.body.amount));
  });
  r.post('/api/auth/prestore/rule', async (request) => {
    requireMemberId(request);
    return ok(await getPrestoreRules(db));
  });
  r.post('/api/auth/prestoreApply/add', { schema: { body: prestoreAddBody } }, async (request) =>
    ok(await addPrestore(db, requireMemberId(request), request.body, now()), '预存申请已提交，请按页面所示账户转账'),
  );
  r.post('/api/auth/prestoreApply/edit', { schema: { body: prestoreEditBody } }, async (request) =>
    ok(await editPrestore(db, requireMemberId(request), request.body, now()), '操作成功!'),
  );
  r.post('/api/auth/prestoreApply/cancel', { schema: { body: prestoreRidBody } }, async (request) =>
    ok(await cancelPrestore(db, requireMemberId(request), request.body.rid, now()), '预存申请已取消'),
  );
  r.post('/api/auth/prestoreApply/listPrestoreDetail', { schema: { body: prestoreRidBody } }, async (request) =>
    ok(await getPrestore(db, requireMemberId(request), request.body.rid)),
  );
  r.post('/api/auth/prestore/list', { schema: { body: prestoreListBody } }, async (request) => ok(await listPrestores(db, requireMemberId(request), request.body)));
  r.post('/api/auth/prestore/balanceHistory', { schema: { body: balanceHistoryBody } }, async (request) =>
    ok(await balanceHistory(db, requireMemberId(request), request.body)),
  );
  r.get('/api/auth/prestore/export', { schema: { querystring: balanceExportQuery } }, async (request, reply) => {
    const entries = await historyForExport(db, requireMemberId(request), request.query);
    const xlsx = request.query.format === 'xlsx';
    const body = xlsx ? await historyXlsx(entries) : historyCsv(entries);
    const name = `余额明细.${request.query.format}`;
    return reply
      .type(xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="balance.${request.query.format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(body);
  });
  r.get('/api/auth/prestoreApply/receipt', { schema: { querystring: ridQuery } }, async (request, reply) => {
    const row = await findOwnPrestore(db, requireMemberId(request), request.query.rid);
    if (!row.receiptFile || !row.receiptType) throw notFound('转账凭证');
    return sendFile(reply, config.dataDir, 'receipts', { name: row.receiptFile, type: row.receiptType }, `转账凭证-${row.applyNo}`);
  });

  // ---- transfers between a member and their community ----
  r.post('/api/auth/transferApply/add', { schema: { body: transferAddBody } }, async (request) => {
    const result = await addTransfer(db, requireMemberId(request), request.body, now());
    return ok(result, result.status === 'done' ? '转账成功' : '转账申请已提交，请等待财务审核');
  });
  r.post('/api/auth/transferApply/list', { schema: { body: transferListBody } }, async (request) => ok(await listTransfers(db, requireMemberId(request), request.body)));
  r.post('/api/auth/transferApply/detail', { schema: { body: transferRidBody } }, async (request) => ok(await getTransfer(db, requireMemberId(request), request.body.rid)));
  r.post('/api/auth/transferApply/cancel', { schema: { body: transferRidBody } }, async (request) =>
    ok(await cancelTransfer(db, requireMemberId(request), request.body.rid, now()), '转账申请已取消'),
  );

  // ---- asset overview ----
  r.post('/api/auth/asset/init', async (request) => ok(await assetOverview(db, requireMemberId(request), now())));
  r.post('/api/auth/asset/detail', async (request) => {
    const memberId = requireMemberId(request);
    const [overview, history] = await Promise.all([assetOverview(db, memberId, now()), balanceHistory(db, memberId, { page: 1, pageSize: 10, community_rid: undefined })]);
    return ok({ ...overview, recent: history.list });
  });
  r.post('/api/auth/asset/all4num', async (request) => ok(await assetCounts(db, requireMemberId(request), now())));
  r.post('/api/auth/asset/invoiceHistory', { schema: { body: pageQuery } }, async (request) =>
    ok(await listInvoiceApplications(db, requireMemberId(request), { ...request.body, status: 'issued' })),
  );

  // ---- coupons ----
  r.post('/api/auth/discount4user/list4all', async (request) => ok(await listClaimable(db, requireMemberId(request), now())));
  r.post('/api/auth/discount4user/add', { schema: { body: couponClaimBody } }, async (request) =>
    ok(await claimCoupon(db, requireMemberId(request), request.body.rid, now()), '领取成功'),
  );
  r.post('/api/auth/discount4user/all', { schema: { body: couponListBody } }, async (request) => ok(await listMyCoupons(db, requireMemberId(request), request.body, now())));
  r.post('/api/auth/promotion/all4user', async (request) => ok(await listPromotions(db, requireMemberId(request), now())));

  // ---- invoice titles ----
  r.post('/api/auth/invoice/list', async (request) => ok(await listTitles(db, requireMemberId(request))));
  r.post('/api/auth/invoice/add', { schema: { body: invoiceTitleAddBody } }, async (request) => ok(await addTitle(db, requireMemberId(request), request.body, now()), '操作成功!'));
  r.post('/api/auth/invoice/edit', { schema: { body: invoiceTitleEditBody } }, async (request) => ok(await editTitle(db, requireMemberId(request), request.body, now()), '操作成功!'));
  r.post('/api/auth/invoice/del', { schema: { body: invoiceTitleRidBody } }, async (request) => {
    await deleteTitle(db, requireMemberId(request), request.body.rid, now());
    return ok(null, '删除成功');
  });
  r.post('/api/auth/invoice/default', { schema: { body: invoiceTitleRidBody } }, async (request) => {
    await setDefaultTitle(db, requireMemberId(request), request.body.rid, now());
    return ok(null, '已设为默认抬头');
  });

  // ---- invoice applications ----
  r.post('/api/auth/invoiceApply/add', { schema: { body: invoiceApplyAddBody } }, async (request) =>
    ok(await addInvoiceApplication(db, requireMemberId(request), request.body, now()), '开票申请已提交'),
  );
  r.post('/api/auth/invoiceApply/edit', { schema: { body: invoiceApplyEditBody } }, async (request) =>
    ok(await editInvoiceApplication(db, requireMemberId(request), request.body, now()), '操作成功!'),
  );
  r.post('/api/auth/invoiceApply/info', { schema: { body: invoiceApplyRidBody } }, async (request) => ok(await getInvoiceApplication(db, requireMemberId(request), request.body.rid)));
  r.post('/api/auth/invoiceApply/list', { schema: { body: invoiceApplyListBody } }, async (request) => ok(await listInvoiceApplications(db, requireMemberId(request), request.body)));
  r.get('/api/auth/invoiceApply/file', { schema: { querystring: ridQuery } }, async (request, reply) => {
    const file = await invoiceFileOf(db, requireMemberId(request), request.query.rid);
    return sendFile(reply, config.dataDir, 'invoices', file, `发票-${file.invoiceNo}`);
  });

  // ---- credit ----
  r.post('/api/auth/creditApply/operate', { schema: { body: creditOperateBody } }, async (request) => {
    const memberId = requireMemberId(request);
    const body = request.body;
    if (body.action === 'apply') return ok(await applyForCredit(db, memberId, body, now()), '申请已提交，请等待审核');
    return ok(await cancelCredit(db, memberId, body.rid, now()), '申请已取消');
  });
  r.post('/api/auth/creditApply/info', async (request) => ok(await getCreditInfo(db, requireMemberId(request))));

  // ---- staff (finance; coupons also sales) — every call says what it changes for the audit log ----
  r.post('/api/admin/funds/prestore/list', { schema: { body: adminPrestoreListBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminListPrestores(db, request.body)));
  r.post(
    '/api/admin/funds/prestore/confirm',
    { schema: { body: adminPrestoreConfirmBody }, config: { ...finance, audit: audit(prestoreAudit, 'funds.prestore.confirm', '确认预存到账', byRid) } },
    async (request) => ok(await confirmPrestore(request.db, requireStaff(request).id, request.body, now()), '已确认到账'),
  );
  r.post(
    '/api/admin/funds/prestore/refuse',
    { schema: { body: adminRefuseBody }, config: { ...finance, audit: audit(prestoreAudit, 'funds.prestore.refuse', '驳回预存申请', byRid) } },
    async (request) => ok(await refusePrestore(request.db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.get('/api/admin/funds/prestore/receipt', { schema: { querystring: ridQuery }, config: { ...finance, readOnly: true } }, async (request, reply) => {
    const row = await findPrestoreByRid(db, request.query.rid);
    if (!row.receiptFile || !row.receiptType) throw notFound('转账凭证');
    return sendFile(reply, config.dataDir, 'receipts', { name: row.receiptFile, type: row.receiptType }, `转账凭证-${row.applyNo}`);
  });
  r.post(
    '/api/admin/funds/prestore/rules',
    { schema: { body: adminPrestoreRulesBody }, config: { ...finance, audit: audit(prestoreRulesAudit, 'funds.prestore.rules', '修改预存规则', () => PRESTORE_RULES_KEY) } },
    async (request) => ok(await savePrestoreRules(request.db, request.body.rules), '预存规则已保存'),
  );
  r.post('/api/admin/funds/transfer/list', { schema: { body: adminTransferListBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminListTransfers(db, request.body)));
  r.post(
    '/api/admin/funds/transfer/approve',
    { schema: { body: adminTransferDecideBody }, config: { ...finance, audit: audit(transferAudit, 'funds.transfer.approve', '通过转账申请', byRid) } },
    async (request) => ok(await approveTransfer(request.db, requireStaff(request).id, request.body, now()), '已审核通过，款项已划转'),
  );
  r.post(
    '/api/admin/funds/transfer/refuse',
    { schema: { body: adminRefuseBody }, config: { ...finance, audit: audit(transferAudit, 'funds.transfer.refuse', '驳回转账申请', byRid) } },
    async (request) => ok(await refuseTransfer(request.db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.post(
    '/api/admin/funds/adjust',
    { schema: { body: adminAdjustBody }, config: { ...finance, audit: audit<AdminAdjustBody>(accountAudit, 'funds.account.adjust', '调整余额', (body) => accountKey(body.owner_kind, body.owner_rid)) } },
    async (request) => answerGated(request, await adjustBalance(request.db, { by: requireStaff(request) }, request.body, now()), '余额已调整'),
  );
  r.post('/api/admin/funds/invoice/list', { schema: { body: adminInvoiceListBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminListInvoices(db, request.body)));
  r.post(
    '/api/admin/funds/invoice/issue',
    { schema: { body: adminInvoiceIssueBody }, config: { ...finance, audit: audit(invoiceAudit, 'funds.invoice.issue', '开具发票', byRid) } },
    async (request) => ok(await issueInvoice(request.db, requireStaff(request).id, request.body, now()), '已开票'),
  );
  r.post(
    '/api/admin/funds/invoice/reject',
    { schema: { body: adminRefuseBody }, config: { ...finance, audit: audit(invoiceAudit, 'funds.invoice.reject', '驳回开票申请', byRid) } },
    async (request) => ok(await rejectInvoice(request.db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.post('/api/admin/funds/credit/list', { schema: { body: adminCreditListBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminListCredit(db, request.body)));
  r.post(
    '/api/admin/funds/credit/approve',
    { schema: { body: adminCreditApproveBody }, config: { ...finance, audit: audit(creditAudit, 'funds.credit.approve', '批准信用额度', byRid) } },
    async (request) => ok(await approveCredit(request.db, requireStaff(request).id, request.body, now()), '已批准授信'),
  );
  r.post(
    '/api/admin/funds/credit/refuse',
    { schema: { body: adminRefuseBody }, config: { ...finance, audit: audit(creditAudit, 'funds.credit.refuse', '驳回信用额度申请', byRid) } },
    async (request) => ok(await refuseCredit(request.db, requireStaff(request).id, request.body, now()), '已驳回'),
  );
  r.post(
    '/api/admin/funds/coupon/issue',
    { schema: { body: adminCouponIssueBody }, config: { ...couponStaff, audit: audit<unknown, MemberCoupon>(couponAudit, 'funds.coupon.issue', '发放优惠券', null, (data) => data.rid) } },
    async (request) => answerGated(request, await issueCoupon(request.db, { by: requireStaff(request) }, request.body.rid, request.body.member_rid, now()), '优惠券已发放'),
  );
  r.post('/api/admin/funds/coupon/templates', { schema: { body: adminCouponTemplateListBody }, config: { ...couponStaff, readOnly: true } }, async (request) =>
    ok(await listCouponTemplates(db, now(), request.body.status)),
  );
  r.post(
    '/api/admin/funds/coupon/template/add',
    { schema: { body: adminCouponTemplateBody }, config: { ...couponStaff, audit: audit<unknown, CouponTemplate>(couponTemplateAudit, 'funds.couponTemplate.add', '新建优惠券', null, (data) => data.rid) } },
    async (request) => answerGated(request, await addCouponTemplate(request.db, { by: requireStaff(request) }, request.body, now()), '优惠券已创建'),
  );

  // ---- uploads (multipart, in their own scope) ----
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: RECEIPT_MAX_BYTES, files: 1 } });
    scope.post('/api/auth/prestoreApply/receipt', { config: { upload: receiptUpload } }, async (request) => {
      const memberId = requireMemberId(request);
      const { fields, file } = await readUpload(request, receiptUpload);
      const { rid } = fields;
      await findOwnPrestore(db, memberId, rid);
      return ok(await storeUpload(config.dataDir, receiptUpload, file, (stored) => attachReceipt(db, memberId, rid, stored, now())), '凭证已上传');
    });
    // the application arrives among the multipart fields: auditTarget in the handler names it
    scope.post('/api/admin/funds/invoice/file', { config: { ...finance, upload: invoiceFileUpload, audit: audit(invoiceAudit, 'funds.invoice.file', '上传发票文件', () => null) } }, async (request) => {
      requireStaff(request);
      const { fields, file, filename } = await readUpload(request, invoiceFileUpload);
      const { rid } = fields;
      await auditTarget(request, rid, { rid, file: filename });
      await assertFileAttachable(request.db, rid);
      return ok(await storeUpload(config.dataDir, invoiceFileUpload, file, (stored) => attachInvoiceFile(request.db, rid, stored, now())), '发票文件已上传');
    });
  });
}
