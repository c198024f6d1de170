import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { serverPaths } from '../platform/paths';
import { loadConfig, type Config } from '../platform/config';

/**
 * What `npm run backup` and `npm run restore` share (docs/deploy.md "Backups"): the
 * configuration as the server reads it, and PostgreSQL's own client tools, of a major version
 * at least the server's (pg_dump refuses a newer server, and an older pg_restore cannot read a
 * newer dump). PG_BIN_DIR names the folder of another install (/usr/lib/postgresql/15/bin).
 */

const run = promisify(execFile);

export function backupConfig(): Config {
  return loadConfig({ DATA_DIR: serverPaths.dataDir, ...process.env });
}

/** PGlite's folder under DATA_DIR, as the server opens it. */
export const pgliteFolder = (config: Config) => path.join(config.dataDir, 'pglite');

/** A path the operator typed: npm runs the script in apps/server, but INIT_CWD is where they typed it. */
export const typedPath = (given: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

export const say = (line: string) => process.stdout.write(`${line}\n`);

/** A connection string without its password, and the password for PGPASSWORD (not on a command line `ps` shows). */
export function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The major version of a PostgreSQL client tool (pg_dump, pg_restore). */
async function toolMajor(tool: string): Promise<{ bin: string; major: number; text: string }> {
  const bin = process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, tool) : tool;
  const { stdout } = await run(bin, ['--version']).catch((error: unknown) => {
    throw new Error(`找不到 ${bin}（安装 PostgreSQL 客户端，如 apt-get install postgresql-client-15，或用 PG_BIN_DIR 指定其目录）: ${error instanceof Error ? error.message : String(error)}`);
  });
  const match = /(\d+)(?:\.(\d+))?/.exec(stdout);
  if (!match) throw new Error(`无法识别 ${bin} 的版本: ${stdout.trim()}`);
  return { bin, major: Number(match[1]), text: stdout.trim() };
}

/** The server's major version (e.g. 15), from an open connection. */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version_num: string }>('show server_version_num');
    return Math.floor(Number(result.rows[0]!.server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/** The tool, once its major version is known to be at least the server's. */
export async function matchingTool(tool: 'pg_dump' | 'pg_restore', url: string): Promise<string> {
  const [client, server] = await Promise.all([toolMajor(tool), serverMajor(url)]);
  if (client.major < server) {
    throw new Error(`${client.text} 比数据库服务器（PostgreSQL ${server}）旧：请安装 ${server} 版的客户端（postgresql-client-${server}），或用 PG_BIN_DIR 指定其目录`);
  }
  say(`${client.text}，服务器 PostgreSQL ${server}`);
  return client.bin;
}

export async function runTool(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  await run(bin, args, { env, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`${path.basename(bin)} 失败: ${error.stderr?.trim() || error.message}`);
  });
}

export function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
