import { communities } from './communities';

/** Owner only. */
export const dissolveCommunity = (rid: string) => communities.dissolve({ rid });
