import type { QueryClient } from '@tanstack/react-query';
import type { ApiTransport } from './api';

/**
 * The transport each query client's calls go through, when not the browser's fetch. The server
 * draws every public page with a QueryClient of its own and binds its in-process transport to
 * that client (entry-server.tsx); a query function finds it through the `client` TanStack Query
 * hands it in its QueryFunctionContext. So the transport lives exactly as long as one page's
 * drawing — nothing module-wide is switched, and two drawings at once cannot mix their calls.
 * Keyed weakly: a finished drawing's client and its transport are dropped together.
 */
const transports = new WeakMap<QueryClient, ApiTransport>();

/** Sends the calls of `client`'s queries through `transport` (the server's drawing of a page). */
export function bindTransport(client: QueryClient, transport: ApiTransport) {
  transports.set(client, transport);
}

/**
 * The call options of a query function: its abort signal, and the transport bound to its client
 * if any (none in the browser: its fetch). Every query a server-drawn page loads uses it:
 *
 *   queryFn: (context) => catalog.home(queryCall(context))
 */
export const queryCall = ({ signal, client }: { signal: AbortSignal; client: QueryClient }) => ({ signal, transport: transports.get(client) });
