import { calls } from '@lab/contract/calls';
import { said, serve } from '../../platform/calls';
import { requireMember } from '../../platform/caller';
import { choosePayLater } from './pay-later';
import { payOrder, readyToPay } from './payment.service';
import { settleOrders, settlementList } from './settlement.service';
import { statement, statementXlsx } from './statement.service';
import { sendXlsx } from '../../platform/xlsx';

/** Paying orders, pay-after-test and settlement (contract/calls/payment.ts). */
export const paymentRoutes = serve(calls.payment, {
  readyToPay: ({ db, memberId, body, now }) => readyToPay(db, memberId, body.order_no, now),
  // the payer as the token's read found them: paying need not read the member again
  pay: async ({ db, body, now, deps, request }) => {
    const { summary, filed } = await payOrder(db, { sms: deps.sms, email: deps.email, siteUrl: deps.config.PUBLIC_URL }, requireMember(request), body, now, request.log);
    return filed ? said(summary, '已提交导师审批，导师批准后自动支付') : summary;
  },
  payLater: ({ db, memberId, body, now }) => choosePayLater(db, memberId, body.order_no, now),
  settlementList: ({ db, memberId, now }) => settlementList(db, memberId, now),
  settle: ({ db, memberId, body, now, deps, request }) => settleOrders(db, { sms: deps.sms, email: deps.email }, memberId, body, now, request.log),
  statement: ({ db, memberId, body, now }) => statement(db, memberId, body, now),
  // the download: GET with the token header
  exportStatement: async ({ db, memberId, query, now, reply }) => sendXlsx(reply, await statementXlsx(await statement(db, memberId, query, now)), 'statement', '对账单'),
});
