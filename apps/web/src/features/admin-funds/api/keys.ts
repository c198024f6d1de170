import { adminKey } from '../../../lib/admin-api';

/** Every finance query lives under one key, so any decision refreshes the queues, their counts and the accounts at once. */
export const financeKeys = {
  all: [...adminKey, 'finance'] as const,
  counts: [...adminKey, 'finance', 'counts'] as const,
  prestores: (query: object) => [...adminKey, 'finance', 'prestores', query] as const,
  transfers: (query: object) => [...adminKey, 'finance', 'transfers', query] as const,
  invoices: (query: object) => [...adminKey, 'finance', 'invoices', query] as const,
  withdrawals: (query: object) => [...adminKey, 'finance', 'withdrawals', query] as const,
  credit: (query: object) => [...adminKey, 'finance', 'credit', query] as const,
  accounts: (query: object) => [...adminKey, 'finance', 'accounts', query] as const,
  ledger: (query: object) => [...adminKey, 'finance', 'ledger', query] as const,
  couponTemplates: (status: string) => [...adminKey, 'finance', 'coupon-templates', status] as const,
  issuedCoupons: (query: object) => [...adminKey, 'finance', 'issued-coupons', query] as const,
  memberLookup: (keyword: string) => [...adminKey, 'finance', 'member-lookup', keyword] as const,
  rules: [...adminKey, 'finance', 'rules'] as const,
  onlinePayments: (query: object) => [...adminKey, 'finance', 'online-payments', query] as const,
  onlinePayment: (paymentNo: string) => [...adminKey, 'finance', 'online-payment', paymentNo] as const,
  onlineRefunds: (query: object) => [...adminKey, 'finance', 'online-refunds', query] as const,
  reconcileRuns: (query: object) => [...adminKey, 'finance', 'reconcile-runs', query] as const,
  reconcileRun: (id: number) => [...adminKey, 'finance', 'reconcile-run', id] as const,
};
