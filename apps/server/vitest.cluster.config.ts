import { defineConfig } from 'vitest/config';
import { postgresUrl } from './vitest.config.ts';

/**
 * `npm run test:cluster`: the shop as several instances behind nginx (test/cluster/), apart
 * from `npm test` because it starts seven processes of its own. It needs the PostgreSQL at
 * TEST_DATABASE_URL (default 127.0.0.1:5432) and Debian's nginx (scripts/ensure-nginx.sh).
 */
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.test.ts'],
    // the processes are the built server and worker (test/built-server.ts)
    globalSetup: ['./test/built-server.ts'],
    env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    // the figures the suite measures (the payment burst, the scheduled job) print with each test
    reporters: ['verbose'],
  },
});
