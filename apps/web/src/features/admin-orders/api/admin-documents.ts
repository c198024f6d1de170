import type { adminDocuments as table, documents as publicTable } from '@lab/contract/orders/document-calls';
import routes from 'virtual:calls/adminDocuments';
import publicRoutes from 'virtual:calls/documents';
import { bindStaffCalls } from '../../../api/staff-client';
import { bindCalls } from '../../../api/client';
import { downloadFile } from '../../../lib/download';

/** 后台 → 盖章文件: revoke a sealed document (报价单, 协议, 缴费通知书…) with a reason. */
export const adminDocuments = bindStaffCalls<typeof table>(routes);
/** the public verification of a number, to see what is about to be revoked */
const openDocuments = bindCalls<typeof publicTable>(publicRoutes, downloadFile);
export const lookUpDocument = (no: string) => openDocuments.verify({ no });
export const revokeDocument = (body: { no: string; reason: string }) => adminDocuments.revoke(body);
