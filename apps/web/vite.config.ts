import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';
import { callRoutes } from './call-routes.ts';

export default defineConfig({
  plugins: [react(), callRoutes(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/upload': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // read by scripts/check-web-budget.mjs: which chunks a page loads first
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // the first script of a page the server drew (src/start-after-paint.ts), linked by entry-server.tsx
      input: { index: 'index.html', 'start-after-paint': 'src/start-after-paint.ts' },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    testTimeout: 15_000,
    // vitest's default leaves one of two cores idle here; two workers: 3m50s → 2m51s (docs/decisions/0013-test-workers.md)
    maxWorkers: 2,
    // Node 25+ has a localStorage of its own (Web Storage, no file: every call fails), which hides
    // jsdom's: the workers run without it so the tests see the browser's storage as the site does
    execArgv: ['--no-experimental-webstorage'],
    isolate: false,
  },
});
