import type { TableQuery } from '../../../components/admin/use-server-table';
import { adminPromotion } from '../../admin-growth/api/admin-promotion';
import { adminFunds } from './admin-funds';

/** The table's filters without its page; the sort and filters are the URL's text, the server checks them. */
function filtersOf<Q>({ page: _page, pageSize: _pageSize, ...filters }: TableQuery): Q {
  return filters as Q;
}

/** GET /api/admin/funds/prestore/export — the top-ups of the filters on screen. */
export const exportPrestores = (query: TableQuery) => adminFunds.prestoreExport(filtersOf(query), '预存申请.xlsx');

/** GET /api/admin/funds/invoice/export — the invoice applications of the filters on screen. */
export const exportInvoices = (query: TableQuery) => adminFunds.invoiceExport(filtersOf(query), '开票申请.xlsx');

/** GET /api/admin/growth/withdraw/export — the withdrawals of the filters on screen, with the full account to pay to. */
export const exportWithdrawals = (query: TableQuery) => adminPromotion.withdrawalExport(filtersOf(query), '返利提现.xlsx');

/** GET /api/admin/funds/account/ledger/export — one account's ledger with the drawer's filters. */
export const exportLedger = (query: Parameters<typeof adminFunds.ledgerExport>[0]) => adminFunds.ledgerExport(query, '资金明细.xlsx');
