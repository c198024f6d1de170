#!/usr/bin/env node
/**
 * npm run bench:start [-- --runs N] [-- <command…>]
 *
 * How long the server takes to start: from spawning the command to the first 200 of
 * /api/health, on an empty DATA_DIR (the first start: migrations and the demo seed) and then
 * N times on that same folder (a restart). The default command is the built server
 * (`node apps/server/dist/server.js`, what `npm start` runs after its build check); give
 * another after `--`, e.g. `-- npm start` or `-- node --import tsx apps/server/src/server.ts`.
 * Prints the wall time and, on Linux, the CPU time the command's processes used until then
 * (steadier than the wall time on a shared machine), and any line they wrote to stderr (a
 * warning shows there).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash < 0 ? args : args.slice(0, dash);
const given = dash < 0 ? ['node', 'apps/server/dist/server.js'] : args.slice(dash + 1);
// `node` is this Node (the project's, under npm), whatever a shell's PATH finds first
const command = given[0] === 'node' ? [process.execPath, ...given.slice(1)] : given;
const runsAt = own.indexOf('--runs');
const runs = runsAt < 0 ? 5 : Number(own[runsAt + 1]);
const root = path.resolve(import.meta.dirname, '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * CPU seconds (user + system) used so far by the processes of a group (npm → sh → node…) and the
 * children they waited for, from /proc: a figure that a busy machine changes far less than the
 * wall time. Linux only (null elsewhere).
 */
function groupCpuSeconds(pgid) {
  if (!fs.existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // after the command's name (in parentheses, may hold spaces): state ppid pgrp … utime stime
    // cutime cstime — the last two: its children that ended (a build before the server), once each
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / 100;
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  // a group of its own: `npm start` is npm → sh → node, and the whole group is stopped after
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = started + 300_000;
  for (;;) {
    if (exited) throw new Error(`${command.join(' ')} exited before answering:\n${stderr}`);
    if (performance.now() > deadline) throw new Error(`no answer in 300 s:\n${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const cpu = groupCpuSeconds(child.pid);
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await gone;
  return { ms, cpu, stderr: stderr.trim() };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  console.log(`${command.join(' ')} · node ${process.version} · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const first = await startOnce(dataDir);
  const cpuText = (cpu) => (cpu === null ? '' : `, ${cpu.toFixed(2)} s CPU`);
  console.log(`first start (empty DATA_DIR): ${Math.round(first.ms)} ms${cpuText(first.cpu)}`);
  if (first.stderr) console.log(`  stderr:\n${first.stderr}`);
  const times = [];
  const cpus = [];
  for (let i = 0; i < runs; i++) {
    const again = await startOnce(dataDir);
    times.push(again.ms);
    cpus.push(again.cpu);
    if (again.stderr) console.log(`  stderr of restart ${i + 1}:\n${again.stderr}`);
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  times.sort((a, b) => a - b);
  console.log(`restart (existing DATA_DIR), ${runs} runs: median ${Math.round(median(times))} ms, min ${Math.round(times[0])}, max ${Math.round(times.at(-1))}${cpus[0] === null ? '' : `; median ${median(cpus).toFixed(2)} s CPU`}`);
  console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
