import { requirements } from './requirements';

/** Withdraws a requirement still awaiting or holding a quote. */
export const cancelRequirement = (rid: string) => requirements.cancel({ rid });
