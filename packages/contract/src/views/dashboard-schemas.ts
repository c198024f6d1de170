import { z } from 'zod';

// ---- the dashboard ----

/** An order whose service promise is due soon or overdue. */
export const promiseRisk = z.object({
  orderNo: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  title: z.string(),
  /** when the clock started: sample received, data delivered, or paid in full */
  since: z.string(),
  /** the promise's deadline */
  dueAt: z.string(),
  overdue: z.boolean(),
});
export type PromiseRisk = z.infer<typeof promiseRisk>;

/** A pay-after-test order waiting for its money since its data was delivered. */
export const unsettledOrder = z.object({
  orderNo: z.string(),
  title: z.string(),
  memberName: z.string(),
  memberPhone: z.string(),
  payableFen: z.number().int(),
  deliveredAt: z.string(),
  /** whole days since delivery */
  days: z.number().int(),
});
export type UnsettledOrder = z.infer<typeof unsettledOrder>;

const count = z.number().int();

export const adminDashboard = z.object({
  /** today in the lab's calendar, YYYY-MM-DD */
  today: z.string(),
  counts: z.object({
    newOrdersToday: count,
    /** orders waiting for their samples (待寄样) */
    samplesExpected: count,
    /** home pickups booked for today and not yet collected */
    pickupsToday: count,
    /** earlier pickups still not collected */
    pickupsOverdue: count,
    /** orders with samples received or in testing */
    inLab: count,
    pendingTopUps: count,
    pendingInvoices: count,
    pendingTransfers: count,
    pendingWithdrawals: count,
    pendingCredit: count,
    pendingAttestations: count,
    pendingCommunities: count,
    pendingPartners: count,
    pendingConsultations: count,
    pendingReturns: count,
    /** pay-after-test orders whose data was delivered and which are still unpaid (待结算) */
    unsettledOrders: count,
    /** service promises missed (recorded by the promise job) that fell due in the last 30 days */
    promisesMissed: count,
  }),
  /** 待结算提醒: the oldest of those orders, for sales to follow up (the member keeps the report) */
  unsettled: z.array(unsettledOrder),
  risks: z.object({
    /** samples received over 2 hours ago (or within 30 minutes of it) without the manager's call */
    callOverdue: z.array(promiseRisk),
    /** data delivered over 2 hours ago without the notice going out */
    noticeOverdue: z.array(promiseRisk),
    /** samples to send back within 48 hours of full payment */
    returnsDue: z.array(promiseRisk),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

/** Whole days a pay-after-test order has waited since delivery (0 on the day). */
export const unsettledDaysOf = (deliveredAt: string | Date, now: Date) => Math.max(0, Math.floor((now.getTime() - new Date(deliveredAt).getTime()) / 86_400_000));

/** The service promises (PRODUCT.md), in minutes. */
export const PROMISE_CALL_MINUTES = 120;
export const PROMISE_NOTICE_MINUTES = 120;
export const PROMISE_RETURN_MINUTES = 48 * 60;
/** a promise shows on the dashboard this long before it is due */
export const PROMISE_WARN_MINUTES = 30;
