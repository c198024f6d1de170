import type { profile as table } from '@lab/contract/calls/profile';
import routes from 'virtual:calls/profile';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 基本信息、资料认证，会员中心数据 */
export const profile = bindCalls<typeof table>(routes);
