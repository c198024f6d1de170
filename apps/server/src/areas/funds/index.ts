/**
 * The funds area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { accountEntries, lockAccounts } from './account-entries';
export { keywordFilter } from './admin-filters';
export { toLedgerEntry } from './balance-history';
export { redeemCoupon } from './coupon-redemption';
export { findCouponTemplate } from './coupon-template-lookup';
export { insertCouponTemplate } from './coupons-admin';
export { couponOfOrder, couponsExpiring, memberCouponState, memberInvoiceTitleId, returnCouponOfOrder } from './coupons-for-orders';
export { countUsableCoupons, grant, listMyCoupons } from './coupons.service';
export { getCreditLine } from './credit.service';
export { entriesByReferences, unusedCouponsOf } from './funds-for-payments';
export { voidRefundedSource } from './invoice-refunds';
export { balanceOf, bookDebit, creditAccount, debitAccount, ensureAccount, lockedBalance, refundToFunds } from './ledger.service';
export { type OnlineMoney } from './online-invoices';
export { getFundsSettings, topUpBonus } from './prestore-rules';
export { findOwnedCommunity } from './prestore.service';
