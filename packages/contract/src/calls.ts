/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { addresses } from './calls/addresses';
import { adminContracts, contracts } from './calls/contracts';
import { health } from './calls/health';
import { orders } from './calls/orders';
import { payment } from './calls/payment';
import { plan } from './calls/plan';
import { adminRequirements, requirements } from './calls/requirements';

export const calls = { health, addresses, plan, orders, payment, requirements, adminRequirements, contracts, adminContracts };
export type Calls = typeof calls;
