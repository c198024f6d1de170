import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Debian's nginx (scripts/ensure-nginx.sh installs it) as the cluster's load balancer, run
 * unprivileged in a folder of its own (-p), in the foreground, with the site configuration
 * made from deploy/nginx.conf.example: only the instances' ports, the listen address and the
 * two paths under /var change, each found exactly once, so the example cannot drift from what
 * is tested.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const exampleFile = path.resolve(here, '../../../../deploy/nginx.conf.example');

export function nginxBinary(): string {
  if (process.env.NGINX) return process.env.NGINX;
  if (fs.existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const onPath = (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')).find((file) => fs.existsSync(file));
  if (!onPath) throw new Error('nginx is not installed: run scripts/ensure-nginx.sh (npm run test:cluster does), or set NGINX');
  return onPath;
}

function replaceOnce(text: string, find: string | RegExp, by: string): string {
  const count = typeof find === 'string' ? text.split(find).length - 1 : (text.match(new RegExp(find, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`deploy/nginx.conf.example: expected ${String(find)} once, found it ${count} times (the cluster test substitutes it)`);
  return text.replace(find, by);
}

/** The example with this run's ports and folder. */
export function siteConfig(options: { listenPort: number; upstreams: [number, number]; dir: string }): string {
  let text = fs.readFileSync(exampleFile, 'utf8');
  text = replaceOnce(text, /server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${options.upstreams[0]} `);
  text = replaceOnce(text, /server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${options.upstreams[1]} `);
  text = replaceOnce(text, /listen 80;/, `listen 127.0.0.1:${options.listenPort};`);
  text = replaceOnce(text, '/var/cache/nginx/lab-shop', path.join(options.dir, 'cache'));
  text = replaceOnce(text, '/var/log/nginx/lab-shop.access.log', path.join(options.dir, 'access.log'));
  return text;
}

/** One line of the example's `lab_shop` access log. */
export interface AccessLine {
  method: string;
  path: string;
  status: number;
  /** the instance that answered (host:port), '-' when nginx answered itself; several when it tried more than one */
  upstream: string;
  cache: string;
  id: string;
}

const linePattern = /^\S+ \[[^\]]+\] "(\S+) (\S+) [^"]*" (\d+) \d+ upstream=(\S+(?:, \S+)*) upstream_status=\S+(?:, \S+)* rt=\S+ cache=(\S+) id=(\S+)$/;

export class Nginx {
  readonly exited: Promise<number | null>;
  private log = '';

  constructor(
    readonly origin: string,
    readonly dir: string,
    private readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => (this.log = (this.log + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  output() {
    return this.log;
  }

  /** Every request nginx has logged so far. */
  accessLog(): AccessLine[] {
    const file = path.join(this.dir, 'access.log');
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const m = linePattern.exec(line);
        if (!m) throw new Error(`access log line not in the lab_shop format: ${line}`);
        return { method: m[1]!, path: m[2]!, status: Number(m[3]), upstream: m[4]!, cache: m[5]!, id: m[6]! };
      });
  }

  /**
   * The log line of the request nginx gave this id (X-Request-Id, passed to the instance and
   * echoed back). nginx writes it once the answer is sent, so the client may read the answer
   * first: waits for the line.
   */
  async line(id: string, timeoutMs = 5000): Promise<AccessLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.accessLog().find((l) => l.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no access log line with id ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Closes the wrapper's stdin: it stops nginx (SIGTERM, a fast shutdown) and exits with it. */
  async stop() {
    if (this.running) this.child.stdin?.end();
    await this.exited;
  }
}

/**
 * Starts nginx in front of the two ports and resolves once it serves. It runs under a small
 * shell that stops it when the test process goes away however it goes (its stdin closes),
 * as exit-with-parent.ts does for the instances.
 */
export async function startNginx(options: { listenPort: number; upstreams: [number, number]; dir: string }): Promise<Nginx> {
  const { dir } = options;
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'lab-shop.conf'), siteConfig(options));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'tmp', name)};`;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      'error_log stderr notice;',
      'events { worker_connections 1024; }',
      'http {',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      `  include ${path.join(dir, 'lab-shop.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const binary = nginxBinary();
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'];
  // nginx runs in the background of the shell, which waits for it; a subshell reading the shell's
  // stdin (fd 3: a background job's own stdin is /dev/null) stops it when that closes
  const script = 'exec 3<&0; "$0" "$@" & n=$!; (cat <&3 > /dev/null; kill $n 2>/dev/null) & wait $n';
  const child = spawn('/bin/sh', ['-c', script, binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  process.once('exit', () => child.stdin?.destroy());
  const nginx = new Nginx(`http://127.0.0.1:${options.listenPort}`, dir, child);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      // nginx's notice once its worker runs (and the port is bound)
      if (!/start worker process \d+/.test(seen)) return;
      child.stderr?.off('data', onData);
      resolve();
    };
    child.stderr?.on('data', onData);
    void nginx.exited.then((code) => reject(new Error(`nginx exited (${code}) while starting:\n${nginx.output()}`)));
  });
  return nginx;
}
