import type { requirements as table } from '@lab/contract/orders/requirement-calls';
import routes from 'virtual:calls/requirements';
import { downloadFile } from '../../../lib/download';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 测试需求 */
export const requirements = bindCalls<typeof table>(routes, downloadFile);
