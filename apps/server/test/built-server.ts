import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The server as `npm start` runs it: the JavaScript that `npm run build` (scripts/build.mjs)
 * writes to apps/server/dist, run by `node --enable-source-maps` (package.json's scripts). The
 * suites that start real processes — servers, workers, the commands — start these, so they test
 * what ships (bundled code, paths resolved from dist/) and each start skips tsx's compiling.
 * docs/decisions/0030-built-server-quiet-start.md.
 */
const serverDir = path.resolve(import.meta.dirname, '..');

/** `server`, `worker`, `cli/staff-create`… → its built file. */
export const builtEntry = (name: string) => path.join(serverDir, 'dist', `${name}.js`);

/** Node's flags for a built entry, as package.json's scripts give them. */
export const nodeFlags = ['--enable-source-maps'];

/**
 * Builds the server when its sources changed since the last build (esbuild, about two seconds;
 * nothing when they did not). Without the type check: `npm test` type-checks everything first.
 * Run once per test run, by the global setups, before any file starts a process.
 */
export function buildServerIfStale() {
  const build = spawnSync(process.execPath, [path.resolve(serverDir, '../../scripts/build.mjs'), 'server', '--if-stale', '--no-check'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the server failed:\n${build.stdout}${build.stderr}`);
}

/** As a globalSetup of its own (vitest.cluster.config.ts). */
export default buildServerIfStale;
