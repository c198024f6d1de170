/** vite's call-routes plugin (apps/web/call-routes.ts): the run-time half of a resource's calls. */
declare module 'virtual:calls/*' {
  import type { CallRoute } from '@lab/contract/call';
  const routes: Record<string, CallRoute>;
  export default routes;
}

// the single calls that lib/ sends itself (a named import carries only that call)
declare module 'virtual:calls/accounts' {
  import type { CallRoute } from '@lab/contract/call';
  export const refresh: CallRoute;
  export const logout: CallRoute;
  const routes: Record<string, CallRoute>;
  export default routes;
}
declare module 'virtual:calls/memberHome' {
  import type { CallRoute } from '@lab/contract/call';
  export const info: CallRoute;
  const routes: Record<string, CallRoute>;
  export default routes;
}
declare module 'virtual:calls/staffAuth' {
  import type { CallRoute } from '@lab/contract/call';
  export const me: CallRoute;
  export const logout: CallRoute;
  const routes: Record<string, CallRoute>;
  export default routes;
}
