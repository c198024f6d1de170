import { communities } from './communities';

export const applyCommunity = (rid: string, message: string) => communities.apply({ rid, message: message || undefined });
