import type { CommunityAddBody, CommunityEditBody } from '@lab/contract';
import { communities } from './communities';

/** A new community (teachers), or the edit of one (owner) when the body carries rid. */
export const saveCommunity = (body: CommunityAddBody | CommunityEditBody) => ('rid' in body ? communities.edit(body) : communities.add(body));
