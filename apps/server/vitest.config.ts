import net from 'node:net';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function postgresAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/**
 * Server tests run on PGlite always and on PostgreSQL whenever one answers: the same test
 * files, one code path, two projects.
 */
export default defineConfig(async () => {
  const withPostgres = process.env.TEST_POSTGRES !== '0' && (await postgresAnswers(postgresUrl));
  if (!withPostgres) console.warn('PostgreSQL did not answer: server tests run on PGlite only.');
  // setup-hooks: modules' event handlers are registered as buildApp does, for tests that call services directly
  const shared = { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], setupFiles: ['./test/setup-hooks.ts'], testTimeout: 30_000, hookTimeout: 60_000, isolate: false };
  // Suites of real server processes (docs/security.md): two instances need one shared
  // PostgreSQL; the kill -9 of the embedded database is PGlite's alone. Each runs once.
  const postgresOnly = ['test/multi-instance.test.ts', 'test/restart-safety.test.ts', 'test/graceful-shutdown.test.ts', 'test/outbox-worker-kill.test.ts'];
  // a PostgreSQL of the test's own, stopped and started at will: once, in the pglite project (it needs no shared server)
  const pgliteOnly = ['test/restart-safety-pglite.test.ts', 'test/database-restarts.test.ts', 'test/pglite-folder-lock.test.ts'];
  // several instances behind nginx: `npm run test:cluster` (vitest.cluster.config.ts)
  const cluster = ['test/cluster/**'];
  // The outside-service providers against their local peers, and the suites of pure functions or
  // of the sources themselves, touch no database: once is enough (docs/performance.md, "CI time (issue 30)").
  const noDatabase = [
    'src/db/folder-lock.test.ts',
    'src/platform/startup-config.test.ts',
    'src/platform/providers/**',
    'src/platform/calls.test.ts',
    'src/platform/zip-stream.test.ts',
    'src/db/paginate.test.ts',
    'src/areas/catalog/search-words.test.ts',
    'src/areas/catalog/seed-defaults.test.ts',
    'src/areas/member/regions.test.ts',
    'src/areas/orders/pickups/sampling-rules.test.ts',
    'test/lab-dates.test.ts',
    'test/areas.test.ts',
  ];
  // the fuzz shards skip themselves on PostgreSQL unless FUZZ_POSTGRES=1 (test/fuzz/fuzz-suite.ts): not loaded there at all
  const fuzzShards = process.env.FUZZ_POSTGRES === '1' ? [] : ['test/fuzz/fuzz-*.test.ts'];
  const projects: TestProjectInlineConfiguration[] = [
        { extends: true as const, test: { ...shared, exclude: [...configDefaults.exclude, ...cluster, ...postgresOnly], name: 'pglite', env: { TEST_DB: 'pglite' }, globalSetup: ['./test/global-setup.ts'] } },
        ...(withPostgres
          ? [{ extends: true as const, test: { ...shared, exclude: [...configDefaults.exclude, ...cluster, ...pgliteOnly, ...noDatabase, ...fuzzShards], name: 'postgres', env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, globalSetup: ['./test/global-setup.ts'] } }]
          : []),
  ];
  // vitest's default leaves one of two cores idle here; two workers: 4m18s → 3m04s (docs/decisions/0013-test-workers.md)
  return { test: { projects, maxWorkers: 2 } };
});
