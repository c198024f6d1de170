import { contracts } from './contracts';

/** The lab's contract file, or an order's agreement as printable HTML. */
export const downloadContract = (rid: string, title: string) => contracts.download({ rid }, title);
