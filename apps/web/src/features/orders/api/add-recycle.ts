import type { RecycleAddBody } from '@lab/contract';
import { recycles } from './recycles';

/** Ask for the samples back. */
export const addRecycle = (body: RecycleAddBody) => recycles.add(body);
