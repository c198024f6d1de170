#!/usr/bin/env node
/**
 * Runs shell commands side by side, as many at a time as the machine has cores, and fails when
 * any fails (after all have finished, so one run shows every problem):
 *
 *   node scripts/parallel.mjs 'tsc -p apps/server' 'eslint .' …
 *
 * `npm test`'s checks (four type checks, eslint, the layer rules) each use one core; one after
 * the other they left the second core idle for about two minutes (docs/performance.md,
 * "CI time (issue 30)"). Commands start in the order given: put the longest first. Each
 * command's output is printed in one piece when it ends, with its time.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: node scripts/parallel.mjs <command> [<command> …]');
  process.exit(2);
}
const slots = Math.max(1, Math.min(commands.length, Number(process.env.PARALLEL_JOBS) || os.availableParallelism()));

function run(command) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => {
      output += `${error.message}\n`;
    });
    child.once('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}${output && !output.endsWith('\n') ? '\n' : ''}${code === 0 ? 'ok' : `FAILED (exit ${code})`}: ${command} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...commands];
const results = [];
async function slot() {
  for (let command = queue.shift(); command !== undefined; command = queue.shift()) results.push(await run(command));
}
await Promise.all(Array.from({ length: slots }, slot));
process.exit(results.every(Boolean) ? 0 : 1);
