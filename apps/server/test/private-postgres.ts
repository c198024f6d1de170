import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, pg_ctl on a free port),
 * so the test may stop and start it at will without touching the PostgreSQL the other tests
 * share. PostgreSQL refuses to run as root: as root (here and in CI) its tools run as the
 * `postgres` OS user (`runuser -u postgres --`) in a folder that user owns; as anyone else,
 * as that user. PG_BIN_DIR names the install (default /usr/lib/postgresql/15/bin).
 */

const run = promisify(execFile);
const bin = (tool: string) => path.join(process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin', tool);
const asRoot = process.getuid?.() === 0;

/** Whether this machine can run a private cluster (the binaries exist; as root, a postgres user exists). */
export function privatePostgresAvailable(): boolean {
  if (!fs.existsSync(bin('initdb')) || !fs.existsSync(bin('pg_ctl'))) return false;
  if (!asRoot) return true;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A tool of the install, as the postgres user when we are root. */
function tool(name: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin(name), ...args]] : [bin(name), args];
}

export class PrivatePostgres {
  private running = false;
  private readonly onExit = () => this.stopNow();

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    // a test worker that dies without afterAll must not leave a postmaster behind
    process.once('exit', this.onExit);
  }

  private get data() {
    return path.join(this.dir, 'data');
  }

  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** initdb and start; `databases` are created empty. */
  static async create(databases: string[] = []): Promise<PrivatePostgres> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-private-pg-'));
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      fs.chownSync(dir, uid, gid);
    }
    const cluster = new PrivatePostgres(dir, await freePort());
    // trust on 127.0.0.1 and the socket in the folder itself; fsync off: the kernel keeps the pages (no power cut here)
    await run(...tool('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']));
    fs.appendFileSync(
      path.join(cluster.data, 'postgresql.conf'),
      `\nport = ${cluster.port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nshared_buffers = 32MB\nmax_connections = 60\n`,
    );
    await cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    for (const name of databases) await admin.query(`create database "${name}"`);
    await admin.end();
    return cluster;
  }

  async start() {
    await run(...tool('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'server.log'), '-w', '-t', '120', 'start']));
    this.running = true;
  }

  /** `fast`: sessions are told to end (57P01) and rolled back; `immediate`: the postmaster quits at once, recovery on the next start. */
  async stop(mode: 'fast' | 'immediate') {
    await run(...tool('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '120', 'stop']));
    this.running = false;
  }

  /** The cluster's own log (for a failure message). */
  log() {
    try {
      return fs.readFileSync(path.join(this.dir, 'server.log'), 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  private stopNow() {
    if (!this.running) return;
    this.running = false;
    try {
      execFileSync(...tool('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    } catch {
      // already stopped
    }
  }

  /** Stops the cluster and removes its folder. */
  async destroy() {
    process.removeListener('exit', this.onExit);
    this.stopNow();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
