import { pickups } from '../../../api/pickups';

export const cancelSampling = (rid: string) => pickups.cancel({ rid });
