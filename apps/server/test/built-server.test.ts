import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from './built-server';
import { testDbKind } from './harness';

/**
 * `npm start` runs the built server (scripts/build.mjs, docs/decisions/0030-built-server-quiet-start.md): every
 * file package.json's scripts run is built, and a start whose sources did not change builds
 * nothing. (The global setup has just built, or found built, these sources.) Runs once.
 */
describe.runIf(testDbKind === 'pglite')('the built server', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  const buildScript = path.resolve(serverDir, '../../scripts/build.mjs');

  it('has every file that package.json runs with node', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const run = Object.values(scripts).flatMap((script) => [...script.matchAll(/\bdist\/([\w/-]+)\.js\b/g)].map((match) => match[1]!));
    expect(run).toEqual(expect.arrayContaining(['server', 'worker', 'cli/staff-create', 'cli/backup', 'cli/restore', 'cli/demo-codes', 'cli/files-to-s3']));
    for (const name of run) expect(fs.existsSync(builtEntry(name)), `dist/${name}.js`).toBe(true);
  });

  it('is not built again when its sources did not change', () => {
    const before = fs.statSync(builtEntry('server')).mtimeMs;
    const printed = execFileSync(process.execPath, [buildScript, 'server', '--if-stale', '--no-check'], { encoding: 'utf8' });
    expect(printed).toBe('');
    expect(fs.statSync(builtEntry('server')).mtimeMs).toBe(before);
  });
});
