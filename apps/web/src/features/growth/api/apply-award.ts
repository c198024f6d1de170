import type { z } from 'zod';
import type { pointsApplyBody } from '@lab/contract';
import { points } from './points';

/** POST /api/auth/integration/apply — points for a published paper acknowledging the lab, approved by staff. */
export const applyAward = (body: z.infer<typeof pointsApplyBody>) => points.apply(body);
