import { downloadFile } from '../../../lib/download';

/** GET /api/auth/contract/download?rid=: the 委托检测服务协议 of the order, filled in, to print and sign. */
export const downloadAgreement = (rid: string) => downloadFile('/api/auth/contract/download', { rid }, '委托检测服务协议.html');

/** GET /api/auth/contract/signed?rid=: the signed agreement I uploaded. */
export const downloadSignedAgreement = (rid: string) => downloadFile('/api/auth/contract/signed', { rid }, '已签署协议');
