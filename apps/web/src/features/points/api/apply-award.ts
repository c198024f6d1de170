import type { z } from 'zod';
import type { PointsApplication, pointsApplyBody } from '@lab/contract';
import { apiPost } from '../../../lib/api';

/** POST /api/auth/integration/apply — points for a published paper acknowledging the lab, approved by staff. */
export const applyAward = (body: z.infer<typeof pointsApplyBody>) => apiPost<PointsApplication>('/api/auth/integration/apply', { ...body });
