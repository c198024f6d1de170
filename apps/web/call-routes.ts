import type { Plugin } from 'vite';
// By relative path, not '@lab/contract': vite bundles a config's relative imports (TypeScript
// included) but loads packages from node_modules with Node, which cannot run the contract's .ts.
import { routeOf } from '../../packages/contract/src/call';
import { calls } from '../../packages/contract/src/calls';

const prefix = 'virtual:calls/';

/**
 * `import routes from 'virtual:calls/<resource>'`: the method, path and session of each call of
 * one resource of the contract's table, as plain data. The web's typed client (src/api/) takes
 * its types from the table and only these facts at run time, so a page's bundle carries no
 * zod schemas (zod is ~60 KB; the home page's first load has a 170 KB budget).
 */
export function callRoutes(): Plugin {
  return {
    name: 'lab-call-routes',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const table = (calls as Record<string, Record<string, Parameters<typeof routeOf>[0]> | undefined>)[name];
      if (!table) throw new Error(`${id}: the contract has no resource '${name}' (packages/contract/src/calls.ts)`);
      // each call a named export too, so a file that needs one call (lib/api.ts: the token refresh)
      // carries that one and not its whole resource
      const keys = Object.keys(table);
      const lines = keys.map((key, i) => `const c${i} = ${JSON.stringify(routeOf(table[key]!))};`);
      lines.push(`export { ${keys.map((key, i) => `c${i} as ${key}`).join(', ')} };`);
      lines.push(`export default { ${keys.map((key, i) => `${JSON.stringify(key)}: c${i}`).join(', ')} };`);
      return lines.join('\n');
    },
  };
}
