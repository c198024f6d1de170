import { pickups } from './pickups';

export const cancelSampling = (rid: string) => pickups.cancel({ rid });
