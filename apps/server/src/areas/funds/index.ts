/**
 * The funds area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { accountEntriesPage, accountEntryTotals, lockAccounts } from './account-entries';
export { keywordFilter } from './admin-filters';
export { toLedgerEntry } from './balance-history';
export { type OrderScope, redeemCoupon } from './coupon-redemption';
export { couponTemplateRids, findCouponTemplate } from './coupon-template-lookup';
export { insertCouponTemplate } from './coupons-admin';
export { couponOfOrder, couponsExpiring, memberCouponState, memberInvoiceTitleId, returnCouponOfOrder } from './coupons-for-orders';
export { countUsableCoupons, grant, grantValueCoupon, listMyCoupons } from './coupons.service';
export { getCreditLine } from './credit.service';
export { couponStillUsable, entriesByReferences, unusedCouponsOf } from './funds-for-payments';
export { voidRefundedSource } from './invoice-refunds';
export { type Actor, balanceOf, balancesOf, balanceTooLow, bookDebit, creditAccount, debitAccount, ensureAccount, lockedBalance, refundToFunds, systemActor } from './ledger.service';
export { withChannels } from './online-channels';
export { type OnlineMoney } from './online-invoices';
export { bookableBonus, currentBonus, getFundsSettings } from './prestore-rules';
export { findOwnedCommunity } from './prestore.service';
