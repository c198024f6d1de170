import type { communities as table } from '@lab/contract/member/community-calls';
import routes from 'virtual:calls/communities';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 科研团体 */
export const communities = bindCalls<typeof table>(routes);
