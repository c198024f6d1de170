/**
 * The funds area's face: what other areas may use (docs/architecture.md). Keep it small.
 */
export { toAdminLedgerEntry } from './accounts-admin.service';
export { sendXlsx, time, workbook, yuan } from './admin-export';
export { dayRange, keywordFilter } from './admin-filters';
export { EXPORT_MAX_ROWS } from './admin-queues.service';
export { adjustBalance } from './assets.service';
export { type OrderScope, redeemCoupon } from './coupon-redemption';
export { addCouponTemplate, insertCouponTemplate } from './coupons-admin';
export { countUsableCoupons, grant, grantValueCoupon, issueCoupon, listMyCoupons } from './coupons.service';
export { approveCredit, getCreditLine } from './credit.service';
export { voidRefundedSource } from './invoice-refunds';
export { type Actor, balanceOf, balancesOf, balanceTooLow, bookDebit, COMMUNITY_HAS_FUNDS, creditAccount, debitAccount, ensureAccount, lockedBalance, refundToFunds, systemActor } from './ledger.service';
export { withChannels } from './online-channels';
export { toLedgerEntry } from './balance-history';
export { confirmPrestore } from './prestore-decisions';
export { bookableBonus, currentBonus, getFundsSettings, savePrestoreRules } from './prestore-rules';
export { findOwnedCommunity } from './prestore.service';
// TEMPORARY (issue 29), until payments-admin.service.ts reads members through accounts' face: delete then
export { namedMembers, toMemberRef } from '../accounts';
export { memberRefColumns } from './legacy-member-columns';
export { type OnlineMoney } from './online-invoices';
