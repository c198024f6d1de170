import type { addresses as table } from '@lab/contract/member/address-calls';
import routes from 'virtual:calls/addresses';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 收货地址 */
export const addresses = bindCalls<typeof table>(routes);
