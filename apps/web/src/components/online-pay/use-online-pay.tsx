import { useQueryClient, type DefaultError, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { CallBodyInput } from '@lab/contract/call';
import type { onlinePay as table } from '@lab/contract/payments/online-pay-calls';
import type { OnlinePaymentView } from '@lab/contract';
import { onlinePay } from '../../features/payments/api/online-pay';
import { ApiError } from '../../lib/api';
import { feedback } from '../../lib/feedback';
import { fallbackScene, payResultPath, payScene } from '../../lib/pay-scene';
import { invokeWechatPay, payRedirect } from '../../lib/pay-redirect';
import { useApiMutation } from '../../lib/use-api-mutation';
import { PayQrModal } from './pay-qr-modal';

/** What the page asks to pay; the scene is chosen here (lib/pay-scene), for this device. */
export type OnlinePayRequest = Omit<CallBodyInput<typeof table.start>, 'scene'>;

interface UseOnlinePayOptions {
  /** what a paid payment changes (the order, the funds): read again */
  invalidates: readonly QueryKey[];
  /** after the QR dialog saw the payment paid (a redirect comes back to the result page instead) */
  onPaid?: (payment: OnlinePaymentView) => void;
  /** refusals the page shows itself (next to its choices) */
  handlesError?: (error: DefaultError) => boolean;
  onError?: (error: DefaultError) => void;
  /** the QR dialog's polling interval (tests) */
  pollMs?: number;
}

async function startPayment(request: OnlinePayRequest) {
  const scene = payScene(request.vendor);
  try {
    return await onlinePay.start({ ...request, scene });
  } catch (error) {
    // inside WeChat without the member's openid the server refuses JSAPI: the H5 cashier instead
    const next = fallbackScene(scene);
    if (next && error instanceof ApiError && error.status >= 400 && error.status < 500) return onlinePay.start({ ...request, scene: next });
    throw error;
  }
}

/**
 * Paying online from any page (an order, a top-up, a settlement): `start(request)` asks the
 * server for a payment and does what it answers — the QR dialog (`dialog`, render it), a
 * redirect to the gateway, or WeChat's pay sheet followed by the result page. The page shows
 * `isPending` on its button (it stays on while the browser leaves for the gateway).
 */
export function useOnlinePay({ invalidates, onPaid, handlesError, onError, pollMs }: UseOnlinePayOptions) {
  const [qr, setQr] = useState<{ payment: OnlinePaymentView; codeUrl: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const mutation = useApiMutation({
    mutationFn: startPayment,
    ...(handlesError ? { handlesError } : {}),
    ...(onError ? { onError } : {}),
    onSuccess: ({ payment, start }) => {
      if (start.kind === 'qr') setQr({ payment, codeUrl: start.codeUrl });
      else if (start.kind === 'redirect') {
        setLeaving(true);
        payRedirect.go(start.url);
      } else {
        void invokeWechatPay(start.params).then((result) => {
          if (result === 'cancel') feedback.error('已取消支付');
          else void navigate(payResultPath(payment.paymentNo));
        });
      }
    },
  });

  const paid = useCallback(
    (payment: OnlinePaymentView) => {
      setQr(null);
      for (const queryKey of invalidates) void client.invalidateQueries({ queryKey });
      feedback.success(payment.note ? `支付成功：${payment.note}` : '支付成功');
      onPaid?.(payment);
    },
    [client, invalidates, onPaid],
  );

  const dialog: ReactNode = qr ? <PayQrModal key={qr.payment.paymentNo} payment={qr.payment} codeUrl={qr.codeUrl} onPaid={paid} onClose={() => setQr(null)} {...(pollMs ? { pollMs } : {})} /> : null;
  return { start: mutation.mutate, isPending: mutation.isPending || leaving, dialog };
}
