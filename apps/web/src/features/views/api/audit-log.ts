import type { auditLog as table } from '@lab/contract/views/audit-log-calls';
import routes from 'virtual:calls/auditLog';
import { bindStaffCalls } from '../../../api/staff-client';

/** 系统管理 → 操作日志 */
export const auditLog = bindStaffCalls<typeof table>(routes);
