import type { invites as table } from '@lab/contract/growth/invite-calls';
import routes from 'virtual:calls/invites';
import { bindCalls } from '../../../api/client';

/** 个人中心 → 邀请好友 */
export const invites = bindCalls<typeof table>(routes);
