import { registerGrowthHooks } from './areas/growth/growth-hooks';
import { onRefundToChannel } from './areas/orders/refund-channels';
import { refundOnlinePart } from './areas/payments/online-refunds';
import { onStaffCodesFailing } from './areas/accounts/staff-hooks';
import { alertStaffCodesFailing } from './areas/messages/staff-alerts.service';
import { onLedgerChannels } from './areas/funds/online-channels';
import { ledgerChannelNames } from './areas/payments/ledger-channels';
import { onOrderOnlineParts } from './areas/orders/desk/online-parts';
import { orderOnlineParts } from './areas/payments/order-online-parts';
import { onOnlineMoney } from './areas/funds/online-invoices';
import { onlineInvoiceSources } from './areas/payments/online-invoice-sources';
import { registerFundsApprovals } from './areas/funds/approved-bookings';
import { registerGrowthApprovals } from './areas/growth/approved-points';
import { registerOrdersApprovals } from './areas/orders/approved-cancel';
import { onBannerItems } from './areas/content/banner-links';
import { onCatalogFacts } from './areas/content/public-figures';
import { siteFigures } from './areas/catalog/site-figures';
import { countPublishedItems } from './areas/catalog/catalog.service';
import { itemNamesByRid } from './areas/catalog/catalog.service';
import { onCountCompletedOrders } from './areas/catalog/figure-sources';
import { countCompletedOrders } from './areas/orders/item-order-counts';
import { onGroupDelete } from './areas/catalog/group-guards';
import { couponLimitedToGroup } from './areas/funds/group-coupons';
import { onCommunityDissolving } from './areas/member/community-hooks';
import { refuseDissolvingWithFunds } from './areas/funds/community-dissolving';
import { onMemberRegistered } from './areas/accounts/member-hooks';
import { grantNewMemberCoupons } from './areas/funds/new-member-coupons';
import { onGrantApproved } from './areas/grants/grant-hooks';
import { payApprovedOrder } from './areas/payments/grant-payments';
import { refuseLeaversRequests, returnToAllowance } from './areas/grants/grant-requests';
import { onOrderEvent } from './areas/orders/order-hooks';
import { onMembershipEnded } from './areas/member/community-hooks';
import { applyPaidExtension } from './areas/vault/extension.service';
import { onOrdersPaidOnline, type OrdersPaidOnlineHandler } from './areas/payments/payment-hooks';
import { requestCheckoutInvoices } from './areas/funds/checkout-invoices';

/** The invoice chosen at checkout, requested once its order is paid online (decision 0059). */
const requestInvoicesChosen: OrdersPaidOnlineHandler = (tx, paid, now) =>
  requestCheckoutInvoices(
    tx,
    paid.map((o) => ({ memberId: o.memberId, orderNo: o.orderNo, type: o.invoiceType, titleId: o.invoiceTitleId })),
    now,
  );

/**
 * Wires what flows upward between modules (an order paid reaching points and rebates, an invited
 * sign-up reaching growth): a lower module keeps a typed handler list, a higher one registers
 * into it here. buildApp, the demo seed and the test setup call this; it is idempotent.
 */
export function registerModuleHooks(): void {
  registerGrowthHooks();
  // a cancelled order's online part goes back to its channel (WeChat Pay, Alipay)
  onRefundToChannel(refundOnlinePart);
  // authenticator codes failing on a staff account: 系统提醒 for the admins, an SMS to the owner
  onStaffCodesFailing(alertStaffCodesFailing);
  // online payments and refunds in the funds' ledgers read with their channel (微信支付, 支付宝)
  onLedgerChannels(ledgerChannelNames);
  onOrderOnlineParts(orderOnlineParts);
  // the online money a member may invoice (online top-ups, the online part of paid orders)
  onOnlineMoney(onlineInvoiceSources);
  // an approved request is booked by the area whose action it holds (funds, orders, growth)
  registerFundsApprovals();
  registerOrdersApprovals();
  registerGrowthApprovals();
  // a banner linking a service item names it (the items are the catalogue's)
  onBannerItems(itemNamesByRid);
  // the public texts' figures are counted by the catalogue
  onCatalogFacts({ figures: siteFigures, publishedItems: countPublishedItems });
  // the site's figures count the completed orders (orders sits above the catalogue)
  onCountCompletedOrders(countCompletedOrders);
  // a service group a coupon is limited to is not deleted
  onGroupDelete(couponLimitedToGroup);
  // a community still holding money cannot be dissolved
  onCommunityDissolving(refuseDissolvingWithFunds);
  // every new member gets the lab's 新用户券 (the coupon templates marked 注册即发放)
  onMemberRegistered(grantNewMemberCoupons);
  // grant cards (经费卡): an approved request is paid by payments; a refund returns to the card and
  // the allowance; a member leaving the community has their pending requests refused
  onGrantApproved(payApprovedOrder);
  onOrderEvent('refunded', returnToAllowance);
  onMembershipEnded(refuseLeaversRequests);
  // the data vault's paid retention: its order paid moves the files' retention ends (decisions/0053)
  onOrderEvent('paid', applyPaidExtension);
  // the invoice chosen at checkout becomes the invoice request once the order is paid online
  onOrdersPaidOnline(requestInvoicesChosen);
}
