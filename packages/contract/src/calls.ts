/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { addresses } from './calls/addresses';
import { adminFunds } from './calls/admin-funds';
import { funds } from './calls/funds';
import { health } from './calls/health';

export const calls = { health, addresses, funds, adminFunds };
export type Calls = typeof calls;
