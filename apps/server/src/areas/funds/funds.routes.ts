import { z } from 'zod';
import { calls } from '@lab/contract/calls';
import { RECEIPT_MAX_BYTES, requiredText } from '@lab/contract';
import { said, serve } from '../../platform/calls';
import { notFound } from '../../platform/errors';
import { readUpload, sendFile, storeUpload, uploadSpec } from '../../platform/files';
import { addPrestore, attachReceipt, cancelPrestore, editPrestore, findOwnPrestore, getPrestore, listPrestores } from './prestore.service';
import { balanceHistory, historyForExport } from './balance-history';
import { getPrestoreRules, readyPay } from './prestore-rules';
import { addTransfer, cancelTransfer, getTransfer, listTransfers } from './transfers.service';
import { assetCounts, assetOverview } from './assets.service';
import { claimCoupon, listClaimable, listMyCoupons, listPromotions } from './coupons.service';
import { addTitle, deleteTitle, editTitle, listTitles, setDefaultTitle } from './invoice-titles';
import { addInvoiceApplication, editInvoiceApplication, getInvoiceApplication, invoiceFileOf, listInvoiceApplications } from './invoices.service';
import { applyForCredit, cancelCredit, getCreditInfo } from './credit.service';
import { onlineSources } from './online-invoices';
import { historyCsv, historyXlsx } from './export';

const receiptUpload = uploadSpec({ kind: 'receipts', maxBytes: RECEIPT_MAX_BYTES, types: ['png', 'jpg', 'pdf'], fields: z.object({ rid: requiredText('预存单号', 40) }) });

/** A member's prepaid funds, transfers, coupons, invoices and credit: the calls of contract/calls/funds.ts (staff: funds-admin.routes.ts). */
export const fundsRoutes = serve(calls.funds, {
  // ---- 预存 ----
  prestoreRules: ({ db }) => getPrestoreRules(db),
  prestoreQuote: ({ db, body }) => readyPay(db, body.amount),
  prestoreAdd: ({ db, memberId, body, now }) => addPrestore(db, memberId, body, now),
  prestoreEdit: ({ db, memberId, body, now }) => editPrestore(db, memberId, body, now),
  prestoreCancel: ({ db, memberId, body, now }) => cancelPrestore(db, memberId, body.rid, now),
  prestoreDetail: ({ db, memberId, body }) => getPrestore(db, memberId, body.rid),
  prestoreList: ({ db, memberId, body }) => listPrestores(db, memberId, body),
  receiptUpload: {
    config: { upload: receiptUpload },
    handler: async ({ db, memberId, request, deps, now }) => {
      const { fields, file } = await readUpload(request, receiptUpload);
      const { rid } = fields;
      await findOwnPrestore(db, memberId, rid);
      return storeUpload(deps.files, receiptUpload, file, (stored) => attachReceipt(db, memberId, rid, stored, now));
    },
  },
  receipt: async ({ db, memberId, query, reply, deps }) => {
    const row = await findOwnPrestore(db, memberId, query.rid);
    if (!row.receiptFile || !row.receiptType) throw notFound('转账凭证');
    return sendFile(reply, deps.files, 'receipts', { name: row.receiptFile, type: row.receiptType }, `转账凭证-${row.applyNo}`);
  },
  balanceHistory: ({ db, memberId, body }) => balanceHistory(db, memberId, body),
  balanceExport: async ({ db, memberId, query, reply }) => {
    const entries = await historyForExport(db, memberId, query);
    const xlsx = query.format === 'xlsx';
    const body = xlsx ? await historyXlsx(entries) : historyCsv(entries);
    const name = `余额明细.${query.format}`;
    return reply
      .type(xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="balance.${query.format}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(body);
  },

  // ---- 团体转账 ----
  transferAdd: async ({ db, memberId, body, now }) => {
    const result = await addTransfer(db, memberId, body, now);
    return said(result, result.status === 'done' ? '转账成功' : '转账申请已提交，请等待财务审核');
  },
  transferList: ({ db, memberId, body }) => listTransfers(db, memberId, body),
  transferDetail: ({ db, memberId, body }) => getTransfer(db, memberId, body.rid),
  transferCancel: ({ db, memberId, body, now }) => cancelTransfer(db, memberId, body.rid, now),

  // ---- 资产 ----
  assets: ({ db, memberId, now }) => assetOverview(db, memberId, now),
  assetDetail: async ({ db, memberId, now }) => {
    const [overview, history] = await Promise.all([assetOverview(db, memberId, now), balanceHistory(db, memberId, { page: 1, pageSize: 10, community_rid: undefined })]);
    return { ...overview, recent: history.list };
  },
  assetCounts: ({ db, memberId, now }) => assetCounts(db, memberId, now),
  invoiceHistory: ({ db, memberId, body }) => listInvoiceApplications(db, memberId, { ...body, status: 'issued', order_no: undefined }),

  // ---- 优惠券 ----
  claimableCoupons: ({ db, memberId, now }) => listClaimable(db, memberId, now),
  claimCoupon: ({ db, memberId, body, now }) => claimCoupon(db, memberId, body.rid, now),
  myCoupons: ({ db, memberId, body, now }) => listMyCoupons(db, memberId, body, now),
  promotions: ({ db, memberId, now }) => listPromotions(db, memberId, now),

  // ---- 发票抬头 ----
  titleList: ({ db, memberId }) => listTitles(db, memberId),
  titleAdd: ({ db, memberId, body, now }) => addTitle(db, memberId, body, now),
  titleEdit: ({ db, memberId, body, now }) => editTitle(db, memberId, body, now),
  titleRemove: async ({ db, memberId, body, now }) => {
    await deleteTitle(db, memberId, body.rid, now);
    return null;
  },
  titleDefault: async ({ db, memberId, body, now }) => {
    await setDefaultTitle(db, memberId, body.rid, now);
    return null;
  },

  // ---- 开票申请 ----
  invoiceAdd: ({ db, memberId, body, now }) => addInvoiceApplication(db, memberId, body, now),
  invoiceEdit: ({ db, memberId, body, now }) => editInvoiceApplication(db, memberId, body, now),
  invoiceDetail: ({ db, memberId, body }) => getInvoiceApplication(db, memberId, body.rid),
  invoiceOnlineSources: ({ db, memberId }) => onlineSources(db, memberId),
  invoiceList: ({ db, memberId, body }) => listInvoiceApplications(db, memberId, body),
  invoiceFile: async ({ db, memberId, query, reply, deps }) => {
    const file = await invoiceFileOf(db, memberId, query.rid);
    return sendFile(reply, deps.files, 'invoices', file, `发票-${file.invoiceNo}`);
  },

  // ---- 信用额度 ----
  creditOperate: async ({ db, memberId, body, now }) =>
    body.action === 'apply' ? said(await applyForCredit(db, memberId, body, now), '申请已提交，请等待审核') : said(await cancelCredit(db, memberId, body.rid, now), '申请已取消'),
  creditInfo: ({ db, memberId }) => getCreditInfo(db, memberId),
});
