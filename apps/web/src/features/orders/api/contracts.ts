import type { contracts as table } from '@lab/contract/orders/contract-calls';
import routes from 'virtual:calls/contracts';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 合同管理，订单的委托检测服务协议 */
export const contracts = bindCalls<typeof table>(routes, downloadFile);
