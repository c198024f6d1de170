/**
 * Every call of the API, by resource (call.ts says how a call is declared). The server serves
 * them (platform/calls.ts), the web calls them (apps/web/src/api/), /api/docs describes them.
 */
import { addresses } from './calls/addresses';
import { health } from './calls/health';
import { adminOrderDesk, adminOrders } from './calls/admin-orders';
import { orderProgress } from './calls/order-progress';
import { adminReservations, reservations } from './calls/reservations';

export const calls = { health, addresses, reservations, adminReservations, orderProgress, adminOrders, adminOrderDesk };
export type Calls = typeof calls;
