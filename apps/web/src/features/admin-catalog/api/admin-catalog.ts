import type { adminCatalog as table } from '@lab/contract/catalog/admin-calls';
import routes from 'virtual:calls/adminCatalog';
import { bindStaffCalls } from '../../../api/staff-client';

/** 后台 → 服务目录 */
export const adminCatalog = bindStaffCalls<typeof table>(routes);
