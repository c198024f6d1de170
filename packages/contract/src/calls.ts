/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { accounts, wxLogin } from './calls/accounts';
import { addresses } from './calls/addresses';
import { adminCatalog } from './calls/admin-catalog';
import { adminContent, images } from './calls/admin-content';
import { adminAttestations, adminCommunities, adminMembers } from './calls/admin-members';
import { adminMessages } from './calls/admin-messages';
import { approvals } from './calls/approvals';
import { catalog } from './calls/catalog';
import { communities } from './calls/communities';
import { content } from './calls/content';
import { dashboard } from './calls/dashboard';
import { health } from './calls/health';
import { profile } from './calls/profile';
import { adminPickups, pickups, recycles } from './calls/sampling';
import { staffAuth } from './calls/staff-auth';
import { auditLog, staff } from './calls/staff';

export const calls = {
  accounts,
  wxLogin,
  addresses,
  adminCatalog,
  adminContent,
  images,
  adminMembers,
  adminAttestations,
  adminCommunities,
  adminMessages,
  approvals,
  catalog,
  communities,
  content,
  dashboard,
  health,
  profile,
  pickups,
  recycles,
  adminPickups,
  staffAuth,
  staff,
  auditLog,
};
export type Calls = typeof calls;
