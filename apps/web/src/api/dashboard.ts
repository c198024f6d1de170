import type { dashboard as table } from '@lab/contract/calls/dashboard';
import routes from 'virtual:calls/dashboard';
import { bindCalls } from './client';

/** 工作台 */
export const dashboard = bindCalls<typeof table>(routes);
