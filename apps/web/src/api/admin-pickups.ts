import type { adminPickups as table } from '@lab/contract/calls/sampling';
import routes from 'virtual:calls/adminPickups';
import { bindCalls } from './client';

/** 后台 → 上门取样（实验员、客户经理） */
export const adminPickups = bindCalls<typeof table>(routes);
