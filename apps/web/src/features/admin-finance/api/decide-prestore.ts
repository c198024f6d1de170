import type { PrestoreApplication } from '@lab/contract';
import { adminPost } from '../../../lib/admin-api';

/** POST /api/admin/funds/prestore/confirm — the transfer arrived: the top-up and its bonus are booked at once. */
export const confirmPrestore = ({ rid, note }: { rid: string; note?: string }) => adminPost<PrestoreApplication>('/api/admin/funds/prestore/confirm', { rid, note: note || undefined });

/** POST /api/admin/funds/prestore/refuse — with the reason the member reads. */
export const refusePrestore = ({ rid, reason }: { rid: string; reason: string }) => adminPost<PrestoreApplication>('/api/admin/funds/prestore/refuse', { rid, reason });
