import type { auditLog as table } from '@lab/contract/calls/staff';
import routes from 'virtual:calls/auditLog';
import { bindCalls } from './client';

/** 系统管理 → 操作日志 */
export const auditLog = bindCalls<typeof table>(routes);
