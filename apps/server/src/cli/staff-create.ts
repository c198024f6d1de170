/**
 * npm run staff:create -- --name 张三 --phone 13800000000 [--username zhangsan] [--role admin]
 *
 * Makes a staff account from the command line — in production, the first administrator
 * (the server starts with none). On PGlite (DATA_DIR) stop the server first: one process owns
 * that folder (while a server holds it this refuses, naming it: db/folder-lock.ts); on PostgreSQL (DATABASE_URL) it can run beside the servers. The password is
 * typed twice at a terminal (hidden), or — left empty, or without a terminal — made here and
 * shown once. Weak passwords are refused with the same rules as the back office.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { passwordField, staffAddBody, staffRoleLabels, STAFF_TOTP_ROLES, type StaffRole } from '@lab/contract';
import { installPasswordStrength } from '@lab/contract/password-strength';
import { serverPaths } from '../platform/paths';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../db/client';
import { randomId } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { addStaff } from '../areas/accounts/staff-accounts.service';

const usage = '用法: npm run staff:create -- --name 张三 --phone 13800000000 [--username zhangsan] [--role admin|sales|lab|finance]';

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('已取消'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** 4 groups of 5 random letters and digits: ~110 bits, easy to read out and type once. */
const generatePassword = () => Array.from({ length: 4 }, () => randomId(5)).join('-');

async function choosePassword(): Promise<{ password: string; generated: boolean }> {
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  const first = await askHidden('密码（至少10位，直接回车则自动生成）: ');
  if (first === '') return { password: generatePassword(), generated: true };
  const checked = passwordField('密码').safeParse(first);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? '[密码]不符合要求');
  if ((await askHidden('再次输入密码: ')) !== first) throw new Error('[密码]不一致');
  return { password: first, generated: false };
}

async function main() {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, phone: { type: 'string' }, username: { type: 'string' }, role: { type: 'string', default: 'admin' } },
    strict: true,
  });
  const role = (values.role ?? 'admin') as StaffRole;
  installPasswordStrength();
  const { password, generated } = await choosePassword();
  const input = staffAddBody.safeParse({ account: values.username ?? role, name: values.name, role, phone: values.phone, password });
  if (!input.success) throw new Error(`${input.error.issues[0]?.message ?? '参数不正确'}\n${usage}`);
  if (!values.phone) throw new Error(`[手机号]不能为空\n${usage}`);

  const config = loadConfig({ DATA_DIR: serverPaths.dataDir, ...process.env });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pglite'), holder: 'npm run staff:create' });
  try {
    const person = await addStaff(database.db, input.data, new Date());
    process.stdout.write(`已创建员工账号：${person.account}（${person.name}，${staffRoleLabels[person.role]}，手机 ${person.phone}）\n`);
    if (generated) {
      process.stdout.write(`初始密码（只显示这一次，请立即妥善保存）：${password}\n`);
    }
    if (STAFF_TOTP_ROLES.includes(person.role)) process.stdout.write('首次登录 /admin 时需用身份验证器 App 扫码绑定，之后每次登录都要输入动态码。\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError || error instanceof Error ? error.message : error);
  process.exit(1);
});
