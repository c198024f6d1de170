/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { addresses } from './calls/addresses';
import { adminAttestations, adminCommunities, adminMembers } from './calls/admin-members';
import { communities } from './calls/communities';
import { adminCatalog } from './calls/admin-catalog';
import { adminContent, images } from './calls/admin-content';
import { catalog } from './calls/catalog';
import { content } from './calls/content';
import { health } from './calls/health';
import { profile } from './calls/profile';
import { adminPickups, pickups, recycles } from './calls/sampling';

export const calls = {
  health,
  addresses,
  profile,
  pickups,
  recycles,
  communities,
  adminPickups,
  adminMembers,
  adminAttestations,
  adminCommunities,
  catalog,
  content,
  adminCatalog,
  adminContent,
  images,
};
export type Calls = typeof calls;
