import type { PrestoreApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';
import type { Seen } from './seen';

/** POST /api/admin/funds/prestore/confirm — the transfer arrived: the top-up and its bonus are booked at once. */
export const confirmPrestore = ({ rid, version, note }: Seen & { note?: string }) => adminPost<PrestoreApplication>('/api/admin/funds/prestore/confirm', { rid, version, note: note || undefined });

/** POST /api/admin/funds/prestore/refuse — with the reason the member reads. */
export const refusePrestore = ({ rid, version, reason }: Seen & { reason: string }) => adminPost<PrestoreApplication>('/api/admin/funds/prestore/refuse', { rid, version, reason });
