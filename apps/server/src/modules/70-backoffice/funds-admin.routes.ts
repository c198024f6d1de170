import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminAccountListBody,
  adminCouponTemplateRidBody,
  adminInvoiceExportQuery,
  adminInvoiceIssueFields,
  adminIssuedCouponListBody,
  adminLedgerBody,
  adminLedgerExportQuery,
  adminMemberLookupBody,
  adminPrestoreExportQuery,
  adminWithdrawalExportQuery,
  INVOICE_FILE_MAX_BYTES,
  requiredText,
} from '@lab/contract';
import type { AppDeps } from '../../platform/deps';
import { requireStaff } from '../10-accounts/auth-guard';
import { audit, auditTarget } from '../../platform/audit';
import { labDay } from '@lab/contract';
import { ok } from '../../platform/envelope';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { withdrawalsForExport } from '../60-growth/promotion.service';
import { adminLedger, adminListAccounts, ledgerForExport, lookupMembers } from '../35-funds/accounts-admin.service';
import { invoicesXlsx, ledgerXlsx, prestoresXlsx, sendXlsx, withdrawalsXlsx } from '../35-funds/admin-export';
import { financeQueueCounts, invoicesForExport, prestoresForExport } from '../35-funds/admin-queues.service';
import { disableCouponTemplate, listIssuedCoupons } from '../35-funds/coupons.service';
import { couponTemplateAudit, invoiceAudit } from '../35-funds/funds.audit';
import { assertIssuable, issueInvoiceWithFile, staffInvoiceFile } from '../35-funds/invoices.service';
import { getPrestoreRules } from '../35-funds/prestore.service';

const invoiceIssueUpload = uploadSpec({ kind: 'invoices', maxBytes: INVOICE_FILE_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: adminInvoiceIssueFields });
const finance = { roles: ['finance'] as const };
const couponStaff = { roles: ['finance', 'sales'] as const };
const ridQuery = z.object({ rid: requiredText('单号', 40) });

/**
 * Finance in the back office beyond the decisions in funds.routes.ts (which stay there): the
 * queue counts, accounts and their ledgers, the xlsx exports of what each table shows,
 * issuing an invoice with its file in one step, and the coupon screens' extra calls.
 */
export async function fundsAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => clock.now();
  const today = () => labDay(now()).replace(/-/g, '');

  r.post('/api/admin/funds/counts', { config: { ...finance, readOnly: true } }, async () => ok(await financeQueueCounts(db)));
  r.post('/api/admin/funds/prestore/rules/current', { config: { ...finance, readOnly: true } }, async () => ok(await getPrestoreRules(db)));

  // ---- 资金账户 ----
  r.post('/api/admin/funds/account/list', { schema: { body: adminAccountListBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminListAccounts(db, request.body)));
  r.post('/api/admin/funds/account/ledger', { schema: { body: adminLedgerBody }, config: { ...finance, readOnly: true } }, async (request) => ok(await adminLedger(db, request.body)));
  r.get('/api/admin/funds/account/ledger/export', { schema: { querystring: adminLedgerExportQuery }, config: { ...finance, readOnly: true } }, async (request, reply) => {
    const { account, entries } = await ledgerForExport(db, request.query);
    return sendXlsx(reply, await ledgerXlsx(account, entries), `ledger-${account.id}-${today()}`, `资金明细-${account.ownerName}-${today()}`);
  });

  // ---- exports of the queues, with the table's filters ----
  r.get('/api/admin/funds/prestore/export', { schema: { querystring: adminPrestoreExportQuery }, config: { ...finance, readOnly: true } }, async (request, reply) =>
    sendXlsx(reply, await prestoresXlsx(await prestoresForExport(db, request.query)), `prestores-${today()}`, `预存申请-${today()}`),
  );
  r.get('/api/admin/funds/invoice/export', { schema: { querystring: adminInvoiceExportQuery }, config: { ...finance, readOnly: true } }, async (request, reply) =>
    sendXlsx(reply, await invoicesXlsx(await invoicesForExport(db, request.query)), `invoices-${today()}`, `开票申请-${today()}`),
  );
  // the withdrawal queue itself is /api/admin/growth/withdraw/list (promotion.routes.ts)
  r.get('/api/admin/growth/withdraw/export', { schema: { querystring: adminWithdrawalExportQuery }, config: { ...finance, readOnly: true } }, async (request, reply) =>
    sendXlsx(reply, await withdrawalsXlsx(await withdrawalsForExport(db, request.query)), `withdrawals-${today()}`, `返利提现-${today()}`),
  );

  // ---- invoices: the stored file, for staff ----
  r.get('/api/admin/funds/invoice/file', { schema: { querystring: ridQuery }, config: { ...finance, readOnly: true } }, async (request, reply) => {
    const file = await staffInvoiceFile(db, request.query.rid);
    return sendFile(reply, config.dataDir, 'invoices', file, `发票-${file.invoiceNo}`);
  });

  // ---- coupons (finance and sales) ----
  r.post('/api/admin/funds/member/lookup', { schema: { body: adminMemberLookupBody }, config: { ...couponStaff, readOnly: true } }, async (request) => ok(await lookupMembers(db, request.body.keyword)));
  r.post('/api/admin/funds/coupon/issued', { schema: { body: adminIssuedCouponListBody }, config: { ...couponStaff, readOnly: true } }, async (request) =>
    ok(await listIssuedCoupons(db, request.body, now())),
  );
  r.post(
    '/api/admin/funds/coupon/template/disable',
    { schema: { body: adminCouponTemplateRidBody }, config: { ...couponStaff, audit: audit(couponTemplateAudit, 'funds.couponTemplate.disable', '停用优惠券', (body: { rid: string }) => body.rid) } },
    async (request) => ok(await disableCouponTemplate(request.db, request.body.rid, now()), '优惠券已停用'),
  );

  // ---- issuing with the e-invoice file (multipart, in its own scope) ----
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: INVOICE_FILE_MAX_BYTES, files: 1 } });
    // the application arrives among the multipart fields: auditTarget in the handler names it
    scope.post('/api/admin/funds/invoice/issueWithFile', { config: { ...finance, upload: invoiceIssueUpload, audit: audit(invoiceAudit, 'funds.invoice.issue', '开具发票', () => null) } }, async (request) => {
      const person = requireStaff(request);
      const { fields, file, filename } = await readUpload(request, invoiceIssueUpload);
      await auditTarget(request, fields.rid, { ...fields, file: filename });
      // checked before the file is written, so a refused call leaves nothing on disk
      await assertIssuable(request.db, fields, file !== null && file.length > 0);
      const issued =
        file && file.length > 0
          ? await storeUpload(config.dataDir, invoiceIssueUpload, file, async (stored) => ({ value: await issueInvoiceWithFile(request.db, person.id, fields, stored, now()), replaced: null }))
          : await issueInvoiceWithFile(request.db, person.id, fields, null, now());
      return ok(issued, '已开票');
    });
  });
}
