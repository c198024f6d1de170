import type { onlinePay as table } from '@lab/contract/payments/online-pay-calls';
import routes from 'virtual:calls/onlinePay';
import { bindCalls } from '../../../api/client';

/** 在线支付（微信支付、支付宝）: start a payment for an order, a top-up or a settlement; ask for its result */
export const onlinePay = bindCalls<typeof table>(routes);
