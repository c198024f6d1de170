import type { adminCatalog as table } from '@lab/contract/calls/admin-catalog';
import routes from 'virtual:calls/adminCatalog';
import { bindCalls } from './client';

/** 后台 → 服务目录 */
export const adminCatalog = bindCalls<typeof table>(routes);
