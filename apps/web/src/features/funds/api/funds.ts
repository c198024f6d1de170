import type { funds as table } from '@lab/contract/funds/calls';
import routes from 'virtual:calls/funds';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 我的资产: 预存、余额明细、团体转账、优惠券、发票、信用额度 */
export const funds = bindCalls<typeof table>(routes, downloadFile);
