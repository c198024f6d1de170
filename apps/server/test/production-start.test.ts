import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, LoginResult, StaffMfaChallenge, StaffTotpEnabled, StaffTotpSetup } from '@lab/contract';
import { openDatabase } from '../src/db/client';
import { staffAlerts } from '../src/areas/messages/staff-alerts.tables';
import { testDbKind } from './harness';
import { startServer, type ServerProcess } from './server-process';
import { builtEntry, nodeFlags } from './built-server';

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
    // nothing but the log: no warning of Node's (the web app's server build once looked at Node's localStorage)
    expect(server.stderr()).toBe('');
    // the committed pictures, found from the built server (dist/) as from src/
    expect((await fetch(`${server.url}/upload/img/certificates/cma.svg`)).status).toBe(200);
    expect(server.output()).toContain('no staff account yet: create the first administrator with `npm run staff:create -- --name');
    expect(server.output()).not.toContain('demo data seeded');
    expect(await post('/api/admin/login', { account: 'admin', password: 'Admin@2026' })).toMatchObject({ status: 400, code: 0 });
    expect(await post('/api/open/login', { account: '13800138000', password: 'Demo@2026' })).toMatchObject({ status: 400, code: 0 });
    expect((await server.stop()).code).toBe(0);
    server = undefined;

    const made = spawnSync(process.execPath, [...nodeFlags, builtEntry('cli/staff-create'), '--name', '王管理', '--phone', '13800000009', '--username', 'wang.admin'], {
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

/**
 * Issue 28, holes 7 and 8: settings that open doors where money and accounts are real. The real
 * server process: a refused start is one line on stderr and exit 1; the simulated gateway outside
 * demo mode is an error line in the log and a 系统提醒 for the admins. PGlite only.
 */
describe.skipIf(testDbKind !== 'pglite')('settings a production server must not start with quietly', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-doors-'));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('E2E_OUTBOX=1 with NODE_ENV=production: refused in one line naming both, exit 1 (the outbox handed out SMS login codes)', () => {
    const run = spawnSync(process.execPath, [...nodeFlags, builtEntry('server')], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'production', E2E_OUTBOX: '1', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['环境变量配置错误: E2E_OUTBOX=1 只用于浏览器测试（任何人都能读取短信验证码），不能与 NODE_ENV=production 同时设置']);
    expect(run.stdout).toBe('');
  }, 90_000);

  it('PAY_LOCAL_GATEWAY=1 outside demo mode: an error line at start and a 系统提醒 for the admins', async () => {
    server = await startServer({ name: 'simulated gateway outside demo', dataDir, logLevel: 'info', env: { SEED_DEMO: '0', PAY_LOCAL_GATEWAY: '1' }, keepOutput: 200_000 });
    const line = server
      .output()
      .split('\n')
      .find((text) => text.includes('simulated-gateway-outside-demo'));
    expect(JSON.parse(line!)).toMatchObject({ level: 50, msg: expect.stringContaining('PAY_LOCAL_GATEWAY=1 outside demo mode (SEED_DEMO=0)') });
    expect((await server.stop()).code).toBe(0);
    server = undefined;
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const alerts = await database.db.select().from(staffAlerts);
      expect(alerts).toEqual([expect.objectContaining({ kind: 'config', role: 'admin', title: '非演示模式下开启了模拟支付', handledAt: null })]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
