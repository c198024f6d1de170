/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { accounts, wxLogin } from './calls/accounts';
import { addresses } from './calls/addresses';
import { adminMessages } from './calls/admin-messages';
import { approvals } from './calls/approvals';
import { dashboard } from './calls/dashboard';
import { health } from './calls/health';
import { auditLog, staff } from './calls/staff';
import { staffAuth } from './calls/staff-auth';

export const calls = { health, addresses, accounts, wxLogin, staffAuth, staff, auditLog, approvals, dashboard, adminMessages };
export type Calls = typeof calls;
