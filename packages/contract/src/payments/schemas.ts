import { z } from 'zod';
import { optionalText } from '../common';
import { optionalDate, ridList } from '../orders/fields';
import { orderNoField, orderSummaryView } from '../orders/schemas';
import { grantCardChoiceView } from '../grants/schemas';

/** Who pays: the member's own funds, or a community they own. */
export const payBody = z.object({
  order_no: orderNoField,
  /** '' or absent: own funds; otherwise the rid of a community the member owns */
  community_rid: optionalText('团体编号', 40),
  /** a coupon's rid; NO_COUPON to pay without one; absent: the coupon chosen when ordering, if still usable */
  coupon_rid: optionalText('优惠券', 40),
  /** a grant card (经费卡) of a community the member belongs to: pays from that community's funds within the member's allowance (no coupon) */
  card_rid: optionalText('经费卡', 40),
  /** 课题号 / project number written on the order; with a card, the card's number when left blank */
  project_no: optionalText('课题号', 60),
});
export const NO_COUPON = 'none';
export type PayBody = z.infer<typeof payBody>;

export const balanceView = z.object({ kind: z.enum(['member', 'community']), rid: z.string().nullable(), name: z.string(), balanceFen: z.number().int() });

/** order/ready2pay: what paying this order needs. */
export const readyToPayView = z.object({
  order: orderSummaryView,
  balances: z.array(balanceView),
  /** grant cards the member may pay with (经费卡, within their allowance) */
  cards: z.array(grantCardChoiceView),
  coupons: z.array(z.object({ rid: z.string(), name: z.string(), discountFen: z.number().int(), usable: z.boolean(), reason: z.string() })),
  /** pay-after-test: allowed for this member and order, and how much room is left */
  payLater: z.object({ allowed: z.boolean(), reason: z.string(), limitFen: z.number().int(), usedFen: z.number().int() }),
});
export type ReadyToPay = z.infer<typeof readyToPayView>;

// ---- settlement (assign) ----

/** assign/settlementOperatePlus: settle several unsettled (or pay-later unpaid) orders at once from funds. */
export const settleBody = z.object({
  order_nos: ridList('订单编号'),
  community_rid: optionalText('团体编号', 40),
});
/** assign/statement (POST): the statement as data; `format` is json when given (the file is the GET's) */
export const statementBody = z.object({
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
  format: z.preprocess((v) => (v === '' || v === undefined ? 'json' : v), z.enum(['json'], { error: '[导出格式]不正确' })).optional(),
});
/** assign/statement (GET): 对账单.xlsx of the period */
export const statementExportQuery = z.object({
  from: optionalDate('开始日期'),
  to: optionalDate('结束日期'),
  format: z.preprocess((v) => (v === '' || v === undefined ? 'xlsx' : v), z.enum(['xlsx'], { error: '[导出格式]不正确' })),
});
export const statementView = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      title: z.string(),
      createdAt: z.string(),
      progressText: z.string(),
      paymentText: z.string(),
      payableFen: z.number().int(),
      paidFen: z.number().int(),
      dueFen: z.number().int(),
      /** how a paid order was paid: 微信支付 / 支付宝 (with 预存款 when the balance paid part), 预存款; '' unpaid */
      payChannel: z.string().default(''),
      /** 课题号 written on the order ('' none) */
      projectNo: z.string().default(''),
    }),
  ),
  totalFen: z.number().int(),
  paidFen: z.number().int(),
  dueFen: z.number().int(),
  /** the period's online money (paid / refunded to the channel in the period), top-ups included */
  online: z
    .array(
      z.object({
        kind: z.enum(['payment', 'refund']),
        /** 支付单号 or 退款单号 */
        no: z.string(),
        channel: z.string(),
        /** 订单支付 / 在线充值 / 批量结算 / 原路退款 */
        purposeText: z.string(),
        orderNos: z.array(z.string()),
        /** signed: + paid, − refunded */
        amountFen: z.number().int(),
        at: z.string(),
      }),
    )
    .default([]),
});
export type Statement = z.infer<typeof statementView>;
export const settlementListView = z.object({
  orders: z.array(orderSummaryView),
  dueFen: z.number().int(),
  limitFen: z.number().int(),
  balances: z.array(balanceView),
});
export type SettlementList = z.infer<typeof settlementListView>;
