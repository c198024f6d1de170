/** vite's call-routes plugin (apps/web/call-routes.ts): the run-time half of a resource's calls. */
declare module 'virtual:calls/*' {
  import type { CallRoute } from '@lab/contract/call';
  const routes: Record<string, CallRoute>;
  export default routes;
}
