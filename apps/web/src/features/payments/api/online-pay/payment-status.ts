import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlinePaymentView } from '@lab/contract';
import { onlinePay } from '../online-pay';
import { onlinePayKeys } from '../../../../api/query-keys';

/** How often an open payment is asked about while someone waits for it (the server asks the gateway). */
export const PAY_POLL_MS = 2000;

/** A payment still waiting for the payer; anything else (paid, closed, failed) is final. */
export const isOpenPayment = (payment: Pick<OnlinePaymentView, 'state'> | undefined) => payment?.state === 'open';

/**
 * One payment as the server knows it (never as the browser was told): while `poll` says so and
 * the payment is open, asked again every `pollMs`.
 */
export const paymentStatusQueryOptions = (paymentNo: string, poll: (payment: OnlinePaymentView | undefined, reads: number) => boolean = () => false, pollMs = PAY_POLL_MS) =>
  queryOptions({
    queryKey: onlinePayKeys.status(paymentNo),
    queryFn: () => onlinePay.status({ payment_no: paymentNo }),
    enabled: paymentNo !== '',
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (isOpenPayment(query.state.data) && poll(query.state.data, query.state.dataUpdateCount) ? pollMs : false),
  });

export const usePaymentStatus = (paymentNo: string, poll?: (payment: OnlinePaymentView | undefined, reads: number) => boolean, pollMs?: number) =>
  useQuery(paymentStatusQueryOptions(paymentNo, poll, pollMs));
