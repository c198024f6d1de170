import type { z } from 'zod';
import type { PointsOverview, pointsTransferBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/integration/transfer — to another member by phone; answers my overview after it. */
export const transferPoints = (body: z.infer<typeof pointsTransferBody>) => apiPost<PointsOverview>('/api/auth/integration/transfer', { ...body });
