import type { wxLogin as table } from '@lab/contract/accounts/calls';
import routes from 'virtual:calls/wxLogin';
import { bindCalls } from '../../../api/client';

/** 微信扫码登录 */
export const wxLogin = bindCalls<typeof table>(routes);
