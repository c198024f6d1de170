import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';
import { builtEntry, nodeFlags } from './built-server';

/**
 * Real server processes for the multi-instance, restart-safety and cluster suites: the built
 * server (`node dist/server.js`, or dist/worker.js: `npm start`, `npm run worker`; see
 * built-server.ts) as production starts it, on a free port, spoken to over HTTP with fetch.
 * Every process started here is killed in the file's afterAll, on the worker's exit, and —
 * when the worker dies without either — by exit-with-parent.ts inside the server itself.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const exitWithParent = path.join(here, 'exit-with-parent.ts');

const live = new Set<ChildProcess>();
let exitHook = false;
function killOnExit() {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const child of live) child.kill('SIGKILL');
  });
}

/** A port nobody listens on right now (the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The connection string of the database a test opened (the servers get the same one). */
export async function databaseUrlOf(db: Db): Promise<string> {
  const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

export interface ServerOptions {
  /** shows in failure messages: A, B, before-kill… */
  name: string;
  /** PostgreSQL; without it the server opens PGlite under dataDir/pglite */
  databaseUrl?: string;
  dataDir: string;
  /** how long the start may take (a second or two; more on a busy machine) */
  timeoutMs?: number;
  /** LOG_LEVEL (default warn: only what explains a failure) */
  logLevel?: string;
  /** how much of the server's output to keep (default the last 20,000 characters) */
  keepOutput?: number;
  /** more environment (NODE_ENV…); undefined removes a default such as SEED_DEMO */
  env?: Record<string, string | undefined>;
  /** `worker`: dist/worker.js (`npm run worker`), started once it logs that it runs the jobs (needs LOG_LEVEL info) */
  entry?: 'server' | 'worker';
  /** the path that must answer 200 before the server counts as started (default /api/health; /api/ready also waits for the database and storage) */
  readyPath?: string;
}

/** A line of the process's output, and whether it came on stderr. */
export type LineListener = (line: string) => void;

export class ServerProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private log = '';
  private errors = '';
  private readonly listeners = new Set<LineListener>();

  constructor(
    readonly name: string,
    readonly url: string,
    private readonly child: ChildProcess,
    keepOutput = 20_000,
  ) {
    const keep = (chunk: Buffer) => {
      // the tail is what explains a failure; a long run must not grow without end
      this.log = (this.log + chunk.toString()).slice(-keepOutput);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // the logs go to stdout: stderr is Node's own warnings, a crash, a failed start
    child.stderr?.on('data', (chunk: Buffer) => (this.errors = (this.errors + chunk.toString()).slice(-keepOutput)));
    // whole lines for the listeners (waitForLine, counting log lines), each stream on its own
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) for (const listener of this.listeners) listener(line);
      });
    }
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => (live.delete(child), resolve({ code, signal }))));
  }

  get pid() {
    return this.child.pid!;
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Calls `listener` with every line printed from now on; returns the function that stops it. */
  onLine(listener: LineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with the first line from now on that matches; rejects when the process exits first or after `timeoutMs`. */
  waitForLine(pattern: RegExp, timeoutMs = 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        off();
        outcome();
      };
      const timer = setTimeout(() => settle(() => reject(new Error(`${this.name}: no line matching ${pattern} in ${timeoutMs} ms:\n${this.output()}`))), timeoutMs);
      const off = this.onLine((line) => {
        if (pattern.test(line)) settle(() => resolve(line));
      });
      void this.exited.then(({ code, signal }) => settle(() => reject(new Error(`${this.name} exited (${code ?? signal}) before a line matching ${pattern}:\n${this.output()}`))));
    });
  }

  /** What the server printed lately (at LOG_LEVEL=warn: warnings and errors), for failure messages. */
  output() {
    return this.log;
  }

  /** What the process wrote to stderr (the logs are on stdout): empty for a start without a warning. */
  stderr() {
    return this.errors;
  }

  /** kill -9: no shutdown hook, no pool drain, in-flight requests cut mid-way. */
  async kill9() {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** The graceful stop production gets (SIGTERM: close the server, then the database). */
  async stop() {
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    const force = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    const result = await this.exited;
    clearTimeout(force);
    return result;
  }
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  killOnExit();
  const port = await freePort();
  const entry = options.entry ?? 'server';
  const child = spawn(process.execPath, [...nodeFlags, '--import', exitWithParent, builtEntry(entry)], {
    cwd: serverDir,
    // only what the server reads (src/platform/config.ts): nothing of the test worker's own environment
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      SEED_DEMO: '0',
      LOG_LEVEL: options.logLevel ?? 'warn',
      // the tests speak for many clients from one address: X-Forwarded-For names each
      TRUST_PROXY: '1',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  const server = new ServerProcess(options.name, `http://127.0.0.1:${port}`, child, options.keepOutput);
  const timeoutMs = options.timeoutMs ?? 60_000;
  if (entry === 'worker') {
    await server.waitForLine(/"msg":"worker running the jobs"/, timeoutMs).catch(async (error: unknown) => {
      await server.kill9();
      throw error;
    });
    return server;
  }
  const readyPath = options.readyPath ?? '/api/health';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.running) throw new Error(`server ${options.name} exited while starting:\n${server.output()}`);
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`server ${options.name} did not answer ${readyPath} in time:\n${server.output()}`);
    }
    const healthy = await fetch(`${server.url}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops every server given (graceful, then -9 after 10 s); for afterAll. */
export async function stopAll(...servers: (ServerProcess | undefined)[]) {
  await Promise.all(servers.map((s) => s?.stop()));
}

export interface Reply<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  form?: Record<string, string | number | undefined>;
  query?: Record<string, string>;
  token?: string;
  /** the client's address (X-Forwarded-For; the servers trust one proxy) */
  ip?: string;
}

/**
 * One API call as the web client makes it: a form body, the token header, the envelope
 * back. A connection cut before the answer (the server was killed) rejects.
 */
export async function apiCall<T = unknown>(server: { url: string }, url: string, options: CallOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(options.form ?? {})) if (v !== undefined) form.set(k, String(v));
  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(`${server.url}${url}${query}`, { method: 'POST', headers, body: form });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  return { status: response.status, code: body.code, msg: body.msg, data: body.data };
}
