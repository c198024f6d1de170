/**
 * The funds area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { toAdminLedgerEntry } from './accounts-admin.service';
export { sendXlsx, time, workbook, yuan } from './admin-export';
export { dayRange, keywordFilter, memberRefColumns, namedMembers, toMemberRef } from './admin-filters';
export { EXPORT_MAX_ROWS } from './admin-queues.service';
export { adjustBalance } from './assets.service';
export { addCouponTemplate, countUsableCoupons, grant, grantValueCoupon, insertCouponTemplate, issueCoupon, listMyCoupons, type OrderScope, redeemCoupon } from './coupons.service';
export { approveCredit, getCreditLine } from './credit.service';
export { withdrawalAudit } from './funds.audit';
export { voidRefundedSource } from './invoices.service';
export { type Actor, balanceOf, balancesOf, balanceTooLow, bookDebit, COMMUNITY_HAS_FUNDS, creditAccount, debitAccount, ensureAccount, lockedBalance, refundToFunds, systemActor } from './ledger.service';
export { withChannels } from './online-channels';
export { bookableBonus, confirmPrestore, currentBonus, findOwnedCommunity, getFundsSettings, savePrestoreRules, toLedgerEntry } from './prestore.service';
export { couponOfOrder, couponsExpiring, memberCouponState, memberInvoiceTitleId, returnCouponOfOrder } from './coupons-for-orders';
export { accountEntriesPage, accountEntryTotals, lockAccounts } from './account-entries';
export { couponTemplateRids, findCouponTemplate } from './coupon-template-lookup';
export { couponStillUsable, entriesByReferences, unusedCouponsOf } from './funds-for-payments';
