import { contracts } from './contracts';

/** The signed copy I uploaded. */
export const downloadSignedContract = (rid: string, title: string) => contracts.signed({ rid }, `${title}（签署件）`);
