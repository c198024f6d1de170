import { requirements } from '../../../api/requirements';

/** The quote's lines go into the experiment plan. */
export const acceptRequirement = (rid: string) => requirements.accept({ rid });
