import type { OnlinePaymentView } from '@lab/contract';

/** An online payment as onlinePay.start / status answer it (tests). */
export const onlinePayment = (over: Partial<OnlinePaymentView> = {}): OnlinePaymentView => ({
  paymentNo: 'OP202603050001',
  purpose: 'order',
  vendor: 'wechat',
  scene: 'native',
  state: 'open',
  amountFen: 630_00,
  balanceFen: 0,
  orderNos: ['DD202603050001'],
  createdAt: '2026-03-05T02:30:00.000Z',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  paidAt: null,
  note: '',
  ...over,
});
