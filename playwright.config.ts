import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.resolve(`.tmp/e2e-data-${port}`);

/**
 * The browser journeys run against the real server on a fresh PGlite data folder with the
 * demo data, serving the built site, in the machine's Chromium (no browser download here).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // data the journeys need a while after it is made (support/reset-member.ts), made as the run starts
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'], testIgnore: /consent\.spec\.ts$/ },
    // publishes a new 隐私政策, which asks every member again: after the other journeys
    { name: 'consent', testMatch: /consent\.spec\.ts$/, use: { ...devices['Desktop Chrome'] }, dependencies: ['chromium'] },
  ],
  // the built site and server (`npm start` without its type check: `npm test` type-checks first),
  // built here only when their sources changed since the last build (scripts/build.mjs)
  webServer: {
    command: `node scripts/build.mjs --if-stale --no-check && rm -rf ${dataDir} && npm run start -w @lab/server`,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1', SEED_HISTORY: '0', E2E_OUTBOX: '1', TRUST_PROXY: '1' },
    url: `http://localhost:${port}/api/health`,
    // a build, when one is due, is part of it
    timeout: 300_000,
    reuseExistingServer: false,
    cwd: '.',
  },
});
