import { communities } from '../../../api/communities';

/** Owner only. */
export const dissolveCommunity = (rid: string) => communities.dissolve({ rid });
