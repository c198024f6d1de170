import type { orderProgress as table } from '@lab/contract/orders/progress-calls';
import routes from 'virtual:calls/orderProgress';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 我的订单：报告、确认数据、复测申请、评价、测试记录 */
export const orderProgress = bindCalls<typeof table>(routes, downloadFile);
