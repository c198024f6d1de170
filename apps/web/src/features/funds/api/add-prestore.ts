import type { PrestoreAddBody } from '@lab/contract';
import { funds } from './funds';

/** POST /api/auth/prestoreApply/add — amount in yuan ('100.50'), the application carries applyNo for the transfer's remark. */
export const addPrestore = (body: { amount: string } & Omit<Partial<PrestoreAddBody>, 'amount'>) =>
  funds.prestoreAdd({ ...body });
