import type { agreements as table } from '@lab/contract/content/agreement-calls';
import routes from 'virtual:calls/agreements';
import { bindCalls } from '../../../api/client';

/** 用户协议、隐私政策、委托检测服务条款: the current version, an older one, the list of versions. */
export const agreements = bindCalls<typeof table>(routes);
