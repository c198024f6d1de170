import type { adminMessages as table } from '@lab/contract/messages/admin-calls';
import routes from 'virtual:calls/adminMessages';
import { bindStaffCalls } from '../../../api/staff-client';

/** 消息管理：已发公告、短信与邮件发送记录 */
export const adminMessages = bindStaffCalls<typeof table>(routes);
