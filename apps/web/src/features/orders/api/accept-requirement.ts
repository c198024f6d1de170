import { requirements } from './requirements';

/** The quote's lines go into the experiment plan. */
export const acceptRequirement = (rid: string) => requirements.accept({ rid });
