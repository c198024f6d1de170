import type { profile as table } from '@lab/contract/member/calls';
import routes from 'virtual:calls/profile';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 基本信息、资料认证 */
export const profile = bindCalls<typeof table>(routes);
