import type { Call, CallRoute } from '@lab/contract/call';
import { adminDownload, adminRequest } from '../lib/admin-api';
import { bindWith, type Transport } from './client';

const staffTransport: Transport = { staff: true, request: adminRequest, download: adminDownload };

/** A back-office resource (paths under /api/admin/): the staff session's token. */
export const bindStaffCalls = <T extends Record<string, Call>>(routes: Record<string, CallRoute>) => bindWith<T>(routes, staffTransport);
