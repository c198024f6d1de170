import { requirements } from './requirements';

/** One attachment of my requirement. */
export const downloadRequirementFile = (rid: string, id: string, name: string) => requirements.file({ rid, id }, name);
