import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** where PGlite keeps its files and the local file provider keeps uploads */
  DATA_DIR: z.string().default('./data'),
  /** a real PostgreSQL instead of PGlite */
  DATABASE_URL: z.string().optional(),
  /** at start, how many times to try DATABASE_URL, the first wait between tries (doubling) */
  DB_CONNECT_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  DB_CONNECT_RETRY_MS: z.coerce.number().int().min(0).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** the site's public origin, used in links the server makes (QR codes, e-mails) */
  PUBLIC_URL: z.string().optional(),
  /** the host images and files are served from (spec: a separate file host); default this server */
  FILE_HOST: z.string().default(''),
  /** the built web app; served with history fallback when present */
  WEB_DIST: z.string().optional(),
  /** the web app's server build (entry-server.js): the public pages are sent drawn when present */
  WEB_SSR: z.string().optional(),
  /** `production` turns demo mode off unless SEED_DEMO says otherwise, and keeps the staff routes out of the public API document */
  NODE_ENV: z.string().default('development'),
  /**
   * Demo mode, the one switch: seed the demo data into an empty database, and let the demo
   * staff accounts (README's passwords) log in. On by default except when NODE_ENV=production.
   */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /** the key that encrypts staff TOTP secrets (any text of 32+ characters); default: DATA_DIR/secret.key, made once */
  SECRET_KEY: z.string().min(32, { error: '至少32个字符' }).optional(),
  /** browser tests only: GET /api/test/outbox shows the local SMS outbox; never set in production */
  E2E_OUTBOX: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /** background jobs (outbox, nightly checks, reminders) run in the server process; 0: only in `npm run worker` processes */
  JOBS_IN_PROCESS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  /** how many reverse proxies to trust for the client's address */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean; production: boolean; dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`环境变量配置错误: ${first?.path.join('.')} ${first?.message}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  return { ...parsed.data, SEED_DEMO: parsed.data.SEED_DEMO ?? !production, production, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
