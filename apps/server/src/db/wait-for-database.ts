import pg from 'pg';

/**
 * Start-up's first contact with PostgreSQL (DATABASE_URL), so a wrong URL or a database that
 * is not up yet says so in one line a person reads, not a stack: a database that may still come
 * (refused, unreachable, starting up) is tried `attempts` times, waiting `delayMs` and then twice
 * as long each time; one that will not (wrong password, unknown database or user) is not retried.
 * Answers whether it answered; the caller exits non-zero when it did not.
 */

export interface WaitOptions {
  attempts: number;
  delayMs: number;
  /** one line each, to stderr in the server */
  print: (line: string) => void;
  /** how long one try may take to connect */
  connectTimeoutMs?: number;
}

const transient = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', '57P03', '53300']);
const reasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EAI_AGAIN: 'host not found',
  ENOTFOUND: 'host not found',
  '57P03': 'the database is starting up',
  '53300': 'too many connections',
};

/** The URL without its password: postgres://user@host:port/db */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return '（DATABASE_URL 不是有效的连接地址）';
  }
}

/** The error's code, looking into node's AggregateError (one error per address tried). */
function codeOf(error: unknown): string | undefined {
  const { code, errors } = (error ?? {}) as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors)) return errors.map(codeOf).find(Boolean);
  return undefined;
}

function reasonOf(error: unknown): string {
  const code = codeOf(error);
  if (code && reasons[code]) return reasons[code];
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout/i.test(message)) return 'timed out';
  return message.split('\n')[0]!.trim() || code || 'unknown error';
}

const isTransient = (error: unknown) => {
  const code = codeOf(error);
  return (code !== undefined && transient.has(code)) || /timeout|Connection terminated/i.test(error instanceof Error ? error.message : '');
};

export async function waitForDatabase(url: string, options: WaitOptions): Promise<boolean> {
  const shown = displayUrl(url);
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
    // an error after connect (the server going away) must not be an unhandled event
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      const reason = reasonOf(error);
      if (!isTransient(error)) {
        options.print(`无法连接数据库 ${shown}：${reason}，请检查 DATABASE_URL。服务器退出。`);
        return false;
      }
      if (attempt >= options.attempts) {
        options.print(`无法连接数据库 ${shown}：${reason}，已尝试 ${attempt} 次，服务器退出。请检查 DATABASE_URL 与数据库是否已启动。`);
        return false;
      }
      const wait = Math.min(options.delayMs * 2 ** (attempt - 1), 30_000);
      options.print(`无法连接数据库 ${shown}：${reason}，${wait >= 1000 ? `${Math.round(wait / 1000)} 秒` : `${wait} 毫秒`}后重试（第 ${attempt}/${options.attempts} 次）`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
