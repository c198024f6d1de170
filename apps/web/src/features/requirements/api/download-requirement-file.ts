import { downloadFile } from '../../../lib/download';

/** GET /api/auth/demand/file?rid=&id=: one attachment of my requirement. */
export const downloadRequirementFile = (rid: string, id: string, name: string) => downloadFile('/api/auth/demand/file', { rid, id }, name);
