import type { SamplingAddBody } from '@lab/contract';
import { pickups } from '../../../api/pickups';

/** Book a home pickup (type 1). */
export const addSampling = (body: SamplingAddBody) => pickups.add(body);
