import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, LoginResult, StaffMfaChallenge, StaffTotpEnabled, StaffTotpSetup } from '@lab/contract';
import { testDbKind } from './harness';
import { startServer, type ServerProcess } from './server-process';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Issue 16, item 2: NODE_ENV=production seeded the README's staff passwords. A real server
 * process in production on an empty database: no staff account, the log names the command
 * that makes the first administrator; the command makes one (password generated and shown
 * once); that administrator logs in with the password and binds an authenticator (TOTP), and
 * the demo accounts do not exist. PGlite only (one folder, the server stopped for the command).
 */
describe.skipIf(testDbKind !== 'pglite')('production starts with no demo data and no known password', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const production = { NODE_ENV: 'production', SEED_DEMO: undefined };

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-production-'));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async <T>(url: string, form: Record<string, string>, token?: string) => {
    const response = await fetch(`${server!.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) }, body: new URLSearchParams(form) });
    return { status: response.status, ...((await response.json()) as Envelope<T>) };
  };

  it('says how to make the first administrator, makes one by command, and that one logs in with password + TOTP', async () => {
    server = await startServer({ name: 'production', dataDir, logLevel: 'info', env: production, keepOutput: 200_000 });
    expect(server.output()).toContain('no staff account yet: create the first administrator with `npm run staff:create -- --name');
    expect(server.output()).not.toContain('demo data seeded');
    expect(await post('/api/admin/login', { account: 'admin', password: 'Admin@2026' })).toMatchObject({ status: 400, code: 0 });
    expect(await post('/api/open/login', { account: '13800138000', password: 'Demo@2026' })).toMatchObject({ status: 400, code: 0 });
    expect((await server.stop()).code).toBe(0);
    server = undefined;

    const made = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/staff-create.ts', '--name', '王管理', '--phone', '13800000009', '--username', 'wang.admin'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'production' },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('已创建员工账号：wang.admin（王管理，管理员，手机 13800000009）');
    const password = /初始密码（只显示这一次，请立即妥善保存）：(\S+)/.exec(made.stdout)?.[1];
    expect(password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);

    server = await startServer({ name: 'production again', dataDir, logLevel: 'info', env: production, keepOutput: 200_000 });
    expect(server.output()).not.toContain('no staff account yet');
    const first = await post<StaffMfaChallenge>('/api/admin/login', { account: 'wang.admin', password: password! });
    expect(first).toMatchObject({ status: 200, code: 1, data: { mfa: 'setup' } });
    const setup = await post<StaffTotpSetup>('/api/admin/totp/setup', { challenge: first.data.challenge });
    const enabled = await post<StaffTotpEnabled>('/api/admin/totp/enable', { challenge: first.data.challenge, code: generateSync({ secret: setup.data.secret }) });
    expect(enabled).toMatchObject({ status: 200, code: 1 });
    expect(enabled.data.recoveryCodes).toHaveLength(10);
    expect(await post('/api/admin/me', {}, enabled.data.login.token)).toMatchObject({ code: 1, data: { account: 'wang.admin', role: 'admin' } });
    // the next login asks for a code; a recovery code does it once
    const again = await post<StaffMfaChallenge>('/api/admin/login', { account: 'wang.admin', password: password! });
    expect(again.data.mfa).toBe('totp');
    expect(await post<LoginResult>('/api/admin/login/totp', { challenge: again.data.challenge, code: enabled.data.recoveryCodes[0]! })).toMatchObject({ status: 200, code: 1 });
  }, 240_000);
});
