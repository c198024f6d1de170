import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type * as Call from '../../packages/contract/src/call';
import type * as Calls from '../../packages/contract/src/calls';

const prefix = 'virtual:calls/';

// The contract is TypeScript with imports written without extensions (as the server and the web
// import it). The config (vite.config.ts and what it imports) imports it by type only, and the
// table itself is read with Vite's module runner when a page asks for its routes: so the config
// stays loadable by Node as it is (Vite's `configLoader: 'native'`, its next default) and Vite
// does not warn about each extension-less import of the contract at every build.
const contractDir = path.resolve(import.meta.dirname, '../../packages/contract/src');

interface Contract {
  calls: typeof Calls.calls;
  routeOf: typeof Call.routeOf;
  /** the contract's files, watched in `vite` (dev): an edit to the table reaches the next load */
  files: string[];
}

async function readContract(): Promise<Contract> {
  const [table, call] = await Promise.all([
    runnerImport<typeof Calls>(path.join(contractDir, 'calls.ts')),
    runnerImport<typeof Call>(path.join(contractDir, 'call.ts')),
  ]);
  return { calls: table.module.calls, routeOf: call.module.routeOf, files: [...new Set([...table.dependencies, ...call.dependencies])] };
}

/**
 * `import routes from 'virtual:calls/<resource>'`: the method, path and session of each call of
 * one resource of the contract's table, as plain data. The web's typed client (src/api/client.ts,
 * bound per resource in features/<area>/api/) takes its types from the table and only these facts at run time, so a page's bundle carries no
 * zod schemas (zod is ~60 KB; the home page's first load has a 170 KB budget).
 */
export function callRoutes(): Plugin {
  let contract: Promise<Contract> | null = null;
  return {
    name: 'lab-call-routes',
    // read before the build starts, with the rest of the configuration (as when the config
    // imported the contract), not inside the bundler's first load of a page that needs it
    async configResolved() {
      contract = readContract();
      await contract;
    },
    // the hooks below run for these ids only (hook filters): the bundler calls no JavaScript for any other module
    resolveId: {
      filter: { id: /^virtual:calls\// },
      handler: (id) => `\0${id}`,
    },
    watchChange(id) {
      // `vite` (dev): read the table again after an edit
      if (id.startsWith(contractDir)) contract = null;
    },
    load: {
      filter: { id: /^\0virtual:calls\// },
      async handler(id) {
        contract ??= readContract();
        const { calls, routeOf, files } = await contract;
        for (const file of files) this.addWatchFile(file);
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
    },
  };
}
