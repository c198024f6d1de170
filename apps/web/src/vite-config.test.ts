import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

/**
 * Every `vite build` (two per web build) loaded vite.config.ts and printed 222 lines of
 * "unsupported by configLoader: 'native'": each extension-less import reachable from the config,
 * which then imported the contract's call table (docs/decisions/0030-built-server-quiet-start.md).
 * Loaded here as `vite build` loads it, the config prints no warning.
 */
it('vite.config.ts loads without a warning', async () => {
  const warnings: string[] = [];
  const logger = createLogger('warn');
  logger.warn = (message) => void warnings.push(message);
  logger.warnOnce = logger.warn;
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.resolve(import.meta.dirname, '../vite.config.ts'), undefined, 'warn', logger);
  expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
  expect(warnings).toEqual([]);
}, 60_000);
