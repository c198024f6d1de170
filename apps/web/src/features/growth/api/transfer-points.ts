import type { z } from 'zod';
import type { pointsTransferBody } from '@lab/contract';
import { points } from './points';

/** POST /api/auth/integration/transfer — to another member by phone; answers my overview after it. */
export const transferPoints = (body: z.infer<typeof pointsTransferBody>) => points.transfer(body);
