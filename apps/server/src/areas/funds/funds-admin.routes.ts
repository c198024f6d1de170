import { z } from 'zod';
import { calls } from '@lab/contract/calls';
import { adminInvoiceIssueFields, INVOICE_FILE_MAX_BYTES, labDay, requiredText, type AdminAdjustBody, type AdminCouponTemplate, type MemberCoupon } from '@lab/contract';
import { serve } from '../../platform/calls';
import { audit, auditTarget } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { gatedAnswer } from '../approvals';
import { adminLedger, adminListAccounts, ledgerForExport, lookupMembers } from './accounts-admin.service';
import { invoicesXlsx, ledgerXlsx, prestoresXlsx } from './admin-export';
import { adminListCredit, adminListInvoices, adminListPrestores, adminListTransfers, invoicesForExport, prestoresForExport } from './admin-queues.service';
import { adjustBalance } from './assets.service';
import { addCouponTemplate, disableCouponTemplate, listCouponTemplates, listIssuedCoupons } from './coupons-admin';
import { issueCoupon } from './coupons.service';
import { approveCredit, refuseCredit } from './credit.service';
import { accountAudit, accountKey, couponAudit, couponTemplateAudit, creditAudit, invoiceAudit, PRESTORE_RULES_KEY, prestoreAudit, prestoreRulesAudit, transferAudit } from './funds.audit';
import { assertFileAttachable, assertIssuable, attachInvoiceFile, issueInvoice, issueInvoiceWithFile, rejectInvoice, staffInvoiceFile } from './invoice-decisions';
import { recordRedLetter } from './invoice-refunds';
import { confirmPrestore, findPrestoreByRid, refusePrestore } from './prestore-decisions';
import { getPrestoreRules, savePrestoreRules } from './prestore-rules';
import { approveTransfer, refuseTransfer } from './transfers.service';
import { sendXlsx } from '../../platform/xlsx';

const byRid = (body: { rid: string }) => body.rid;
const readOnly = { config: { readOnly: true } } as const;
const invoiceFileUpload = uploadSpec({ kind: 'invoices', maxBytes: INVOICE_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: z.object({ rid: requiredText('开票申请', 40) }) });
const invoiceIssueUpload = uploadSpec({ kind: 'invoices', maxBytes: INVOICE_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: adminInvoiceIssueFields });
/** the date in export file names: 20260315 */
const fileDay = (now: Date) => labDay(now).replace(/-/g, '');

/**
 * Finance in the back office: the calls of contract/funds/admin-calls.ts. Every call that
 * changes something names its audit; its handler's `db` is the transaction the audit row joins.
 * The finance menu's queue counts are a view (contract views/finance-counts-calls.ts) and the
 * rebate withdrawals are growth's (adminPromotion).
 */
export const fundsAdminRoutes = serve(calls.adminFunds, {
  // ---- 预存审核 ----
  prestoreList: { ...readOnly, handler: ({ db, body }) => adminListPrestores(db, body) },
  prestoreConfirm: {
    config: { audit: audit(prestoreAudit, 'funds.prestore.confirm', '确认预存到账', byRid) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await confirmPrestore(db, { by: staff }, body, now)),
  },
  prestoreRefuse: {
    config: { audit: audit(prestoreAudit, 'funds.prestore.refuse', '驳回预存申请', byRid) },
    handler: ({ db, staff, body, now }) => refusePrestore(db, staff.id, body, now),
  },
  prestoreReceipt: {
    ...readOnly,
    handler: async ({ db, query, reply, deps }) => {
      const row = await findPrestoreByRid(db, query.rid);
      if (!row.receiptFile || !row.receiptType) throw notFound('转账凭证');
      return sendFile(reply, deps.files, 'receipts', { name: row.receiptFile, type: row.receiptType }, `转账凭证-${row.applyNo}`);
    },
  },
  prestoreExport: {
    ...readOnly,
    handler: async ({ db, query, reply, now }) => sendXlsx(reply, await prestoresXlsx(await prestoresForExport(db, query)), `prestores-${fileDay(now)}`, `预存申请-${fileDay(now)}`),
  },
  prestoreRules: { ...readOnly, handler: ({ db }) => getPrestoreRules(db) },
  prestoreRulesSave: {
    config: { audit: audit(prestoreRulesAudit, 'funds.prestore.rules', '修改预存规则', () => PRESTORE_RULES_KEY) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await savePrestoreRules(db, { by: staff }, body.rules, now)),
  },

  // ---- 转账审核 ----
  transferList: { ...readOnly, handler: ({ db, body }) => adminListTransfers(db, body) },
  transferApprove: {
    config: { audit: audit(transferAudit, 'funds.transfer.approve', '通过转账申请', byRid) },
    handler: ({ db, staff, body, now }) => approveTransfer(db, staff.id, body, now),
  },
  transferRefuse: {
    config: { audit: audit(transferAudit, 'funds.transfer.refuse', '驳回转账申请', byRid) },
    handler: ({ db, staff, body, now }) => refuseTransfer(db, staff.id, body, now),
  },

  // ---- 资金账户 ----
  accountList: { ...readOnly, handler: ({ db, body }) => adminListAccounts(db, body) },
  ledger: { ...readOnly, handler: ({ db, body }) => adminLedger(db, body) },
  ledgerExport: {
    ...readOnly,
    handler: async ({ db, query, reply, now }) => {
      const { account, entries } = await ledgerForExport(db, query);
      return sendXlsx(reply, await ledgerXlsx(account, entries), `ledger-${account.id}-${fileDay(now)}`, `资金明细-${account.ownerName}-${fileDay(now)}`);
    },
  },
  adjust: {
    config: { audit: audit<AdminAdjustBody>(accountAudit, 'funds.account.adjust', '调整余额', (body) => accountKey(body.owner_kind, body.owner_rid)) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await adjustBalance(db, { by: staff }, body, now)),
  },

  // ---- 发票管理 ----
  invoiceList: { ...readOnly, handler: ({ db, body }) => adminListInvoices(db, body) },
  invoiceIssue: {
    config: { audit: audit(invoiceAudit, 'funds.invoice.issue', '开具发票', byRid) },
    handler: ({ db, staff, body, now }) => issueInvoice(db, staff.id, body, now),
  },
  invoiceIssueWithFile: {
    // the application arrives among the multipart fields: auditTarget in the handler names it
    config: { upload: invoiceIssueUpload, audit: audit(invoiceAudit, 'funds.invoice.issue', '开具发票', () => null) },
    handler: async ({ db, staff, request, deps, now }) => {
      const { fields, file, filename } = await readUpload(request, invoiceIssueUpload);
      await auditTarget(request, fields.rid, { ...fields, file: filename });
      // checked before the file is written, so a refused call leaves nothing on disk
      await assertIssuable(db, fields, file !== null && file.length > 0);
      return file && file.length > 0
        ? storeUpload(deps.files, invoiceIssueUpload, file, async (stored) => ({ value: await issueInvoiceWithFile(db, staff.id, fields, stored, now), replaced: null }))
        : issueInvoiceWithFile(db, staff.id, fields, null, now);
    },
  },
  invoiceFileUpload: {
    // the application arrives among the multipart fields: auditTarget in the handler names it
    config: { upload: invoiceFileUpload, audit: audit(invoiceAudit, 'funds.invoice.file', '上传发票文件', () => null) },
    handler: async ({ db, request, deps, now }) => {
      const { fields, file, filename } = await readUpload(request, invoiceFileUpload);
      const { rid } = fields;
      await auditTarget(request, rid, { rid, file: filename });
      await assertFileAttachable(db, rid);
      return storeUpload(deps.files, invoiceFileUpload, file, (stored) => attachInvoiceFile(db, rid, stored, now));
    },
  },
  invoiceFile: {
    ...readOnly,
    handler: async ({ db, query, reply, deps }) => {
      const file = await staffInvoiceFile(db, query.rid);
      return sendFile(reply, deps.files, 'invoices', file, `发票-${file.invoiceNo}`);
    },
  },
  invoiceReject: {
    config: { audit: audit(invoiceAudit, 'funds.invoice.reject', '驳回开票申请', byRid) },
    handler: ({ db, staff, body, now }) => rejectInvoice(db, staff.id, body, now),
  },
  invoiceRed: {
    config: { audit: audit(invoiceAudit, 'funds.invoice.red', '登记红冲', byRid) },
    handler: ({ db, staff, body, now }) => recordRedLetter(db, staff.id, body, now),
  },
  invoiceExport: {
    ...readOnly,
    handler: async ({ db, query, reply, now }) => sendXlsx(reply, await invoicesXlsx(await invoicesForExport(db, query)), `invoices-${fileDay(now)}`, `开票申请-${fileDay(now)}`),
  },

  // ---- 信用额度 ----
  creditList: { ...readOnly, handler: ({ db, body }) => adminListCredit(db, body) },
  creditApprove: {
    config: { audit: audit(creditAudit, 'funds.credit.approve', '批准信用额度', byRid) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await approveCredit(db, { by: staff }, body, now)),
  },
  creditRefuse: {
    config: { audit: audit(creditAudit, 'funds.credit.refuse', '驳回信用额度申请', byRid) },
    handler: ({ db, staff, body, now }) => refuseCredit(db, staff.id, body, now),
  },

  // ---- 优惠券 ----
  couponTemplates: { ...readOnly, handler: ({ db, body, now }) => listCouponTemplates(db, now, body.status) },
  couponTemplateAdd: {
    config: { audit: audit<unknown, AdminCouponTemplate>(couponTemplateAudit, 'funds.couponTemplate.add', '新建优惠券', null, (data) => data.rid) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await addCouponTemplate(db, { by: staff }, body, now)),
  },
  couponTemplateDisable: {
    config: { audit: audit(couponTemplateAudit, 'funds.couponTemplate.disable', '停用优惠券', byRid) },
    handler: ({ db, body, now }) => disableCouponTemplate(db, body.rid, now),
  },
  couponIssue: {
    config: { audit: audit<unknown, MemberCoupon>(couponAudit, 'funds.coupon.issue', '发放优惠券', null, (data) => data.rid) },
    handler: async ({ db, staff, body, now, request }) => gatedAnswer(request, await issueCoupon(db, { by: staff }, body.rid, body.member_rid, now)),
  },
  couponIssued: { ...readOnly, handler: ({ db, body, now }) => listIssuedCoupons(db, body, now) },
  memberLookup: { ...readOnly, handler: ({ db, body }) => lookupMembers(db, body.keyword) },
});
