import { communities } from '../../../api/communities';

export const applyCommunity = (rid: string, message: string) => communities.apply({ rid, message: message || undefined });
