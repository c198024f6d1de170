import type { memberHome as table } from '@lab/contract/views/member-home-calls';
import routes from 'virtual:calls/memberHome';
import { bindCalls } from '../../../api/client';

/** 个人中心: who the member is and the member centre's figures (a view over several areas) */
export const memberHome = bindCalls<typeof table>(routes);
