import type { SamplingAddBody } from '@lab/contract';
import { pickups } from '../pickups';

/** Book a home pickup (type 1). */
export const addSampling = (body: SamplingAddBody) => pickups.add(body);
