import type { payment as table } from '@lab/contract/payments/calls';
import routes from 'virtual:calls/payment';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 订单支付、测试后结算、结算中心与对账单 */
export const payment = bindCalls<typeof table>(routes, downloadFile);
