import type { PrestoreAddBody, PrestoreApplication } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/prestoreApply/add — amount in yuan ('100.50'), the application carries applyNo for the transfer's remark. */
export const addPrestore = (body: { amount: string } & Omit<Partial<PrestoreAddBody>, 'amount'>) =>
  apiPost<PrestoreApplication>('/api/auth/prestoreApply/add', { ...body });
