import { downloadFile } from '../../../lib/download';

/** GET /api/auth/contract/signed?rid=: the signed copy I uploaded. */
export const downloadSignedContract = (rid: string, title: string) => downloadFile('/api/auth/contract/signed', { rid }, `${title}（签署件）`);
