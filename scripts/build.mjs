#!/usr/bin/env node
/**
 * npm run build — the site and the server, built for `npm start` (docs/decisions/0030-built-server-quiet-start.md).
 *
 *   node scripts/build.mjs [web] [server] [--if-stale] [--no-check]
 *
 * - web: `npm run build -w @lab/web` (vite: apps/web/dist, and the server's build of the app,
 *   apps/web/dist-ssr).
 * - server: a type check of apps/server/src (tsc, incremental), then apps/server/build.mjs
 *   (esbuild) writes the server, the worker and the commands as plain JavaScript to apps/server/dist.
 * - --if-stale: only a part whose sources changed since its last build. Each build leaves a
 *   stamp beside its output with a hash of its inputs' contents (below); a part is built again
 *   when the hash differs, or the stamp or the output is missing. Contents, not times: a checkout
 *   or a copy that touches files without changing them rebuilds nothing, and a clock that jumps
 *   cannot hide a change. Hashing the ~1,300 files takes a fraction of a second.
 * - --no-check: the server without its type check (the tests, whose run type-checks everything
 *   first). Its stamp says so, and the next build that wants the check runs only the check.
 *
 * Parts are built side by side (tsc and vite each mostly use one core). What they print goes to
 * a log kept for a failure; warnings (stderr) show as they come.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/contract/src', 'packages/contract/package.json', 'tsconfig.base.json', 'package.json', 'package-lock.json'];

const parts = {
  web: {
    inputs: [...shared, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/call-routes.ts', 'apps/web/precompress.ts', 'apps/web/package.json', 'apps/web/tsconfig.json'],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/.vite/manifest.json', 'apps/web/dist-ssr/entry-server.js'],
    // dist-ssr, not dist: the server sends dist's files to anyone who asks
    stamp: 'apps/web/dist-ssr/.build-stamp.json',
  },
  server: {
    inputs: [...shared, 'apps/server/src', 'apps/server/package.json', 'apps/server/build.mjs', 'apps/server/tsconfig.json', 'apps/server/tsconfig.build.json'],
    outputs: ['apps/server/dist/server.js'],
    stamp: 'apps/server/dist/.build-stamp.json',
  },
};

/** The sources of a part, sorted, without tests (they are not built) or anything under node_modules. */
function filesOf(inputs) {
  const files = [];
  const walk = (rel) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    if (!fs.statSync(full).isDirectory()) return void files.push(rel);
    for (const name of fs.readdirSync(full)) {
      if (name === 'node_modules' || /\.test\.[cm]?[jt]sx?$/.test(name)) continue;
      walk(path.join(rel, name));
    }
  };
  for (const input of inputs) walk(input);
  return files.sort();
}

export function inputsHash(part) {
  const hash = createHash('sha256');
  for (const file of filesOf(parts[part].inputs)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(part) {
  const { stamp, outputs } = parts[part];
  if (!outputs.every((file) => fs.existsSync(path.join(root, file)))) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(root, stamp), 'utf8'));
  } catch {
    return null;
  }
}

const writeStamp = (part, stamp) => fs.writeFileSync(path.join(root, parts[part].stamp), `${JSON.stringify(stamp, null, 2)}\n`);

/** Runs a command with its output kept; rejects with that output when it fails. */
function run(command, args, { cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (exit ${code}):\n${output}`))));
  });
}

// looked up only when a check is due: a start with nothing to build needs no dev dependency
const typeCheckServer = () => run(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'apps/server/tsconfig.build.json']);

const steps = {
  async web() {
    await run('npm', ['run', 'build', '-w', '@lab/web']);
    return 'site built';
  },
  async server({ check }) {
    if (check) await typeCheckServer();
    const { bundleServer } = await import('../apps/server/build.mjs');
    await bundleServer();
    return check ? 'server type-checked and built' : 'server built (no type check)';
  },
  /** built by a run that skipped the check (the tests), from these same sources: only the check is missing */
  async serverCheck() {
    await typeCheckServer();
    return 'server type-checked';
  },
};

export async function build({ only = Object.keys(parts), ifStale = false, check = true } = {}) {
  const work = [];
  for (const part of only) {
    const hash = inputsHash(part);
    const stamp = readStamp(part);
    const built = stamp?.inputs === hash;
    let step = part;
    if (ifStale && built) {
      if (part !== 'server' || stamp.checked || !check) continue;
      step = 'serverCheck';
    }
    work.push(
      (async () => {
        const started = performance.now();
        const done = await steps[step]({ check });
        writeStamp(part, part === 'server' ? { inputs: hash, checked: check } : { inputs: hash });
        console.log(`build: ${done} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      })(),
    );
  }
  const outcomes = await Promise.allSettled(work);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return work.length;
}

if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  const only = args.filter((arg) => !arg.startsWith('--'));
  const unknown = only.filter((part) => !(part in parts));
  if (unknown.length) {
    console.error(`unknown part ${unknown.join(', ')}: web, server`);
    process.exit(2);
  }
  try {
    await build({ only: only.length ? only : undefined, ifStale: args.includes('--if-stale'), check: !args.includes('--no-check') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
