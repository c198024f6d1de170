import type { accounts as table } from '@lab/contract/accounts/calls';
import routes from 'virtual:calls/accounts';
import { bindCalls } from '../../../api/client';

/** 会员账号：注册、登录、令牌、当前会员 */
export const accounts = bindCalls<typeof table>(routes);
