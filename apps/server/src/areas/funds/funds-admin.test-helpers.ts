import ExcelJS from 'exceljs';
import { desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Organization, type InvoiceApplication, type InvoiceTitle, type PrestoreApplication, type TransferApplication, type Withdrawal } from '@lab/contract';
import type { TestContext } from '../../../test/harness';
import { auditLog } from '../../db/schema';
import { randomId } from '../../platform/crypto';
import { issueSession } from '../accounts/sessions.service';
import { creditAccount, ensureAccount, systemActor } from './ledger.service';
import { member, ownCommunity, post, type staffOf, topUpViaApi, type Person } from './test-helpers';
import { acceptCurrentTerms } from '../growth/growth.test-helpers';

/** Factories and readers for the back-office finance tests: applications made through the members' own calls. */

export type Staff = Awaited<ReturnType<typeof staffOf>>;

export const pdfBytes = Buffer.from('%PDF-1.4\n% e-invoice for a test\n%%EOF\n');
export const pngBytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A member with a recognisable name (the keyword filters find them by it). */
export const namedMember = (t: TestContext, name: string, overrides: Parameters<typeof member>[1] = {}) => member(t, { name, nickname: name, ...overrides });

/** A pending top-up of the member (prestoreApply/add). */
export const pendingTopUp = (t: TestContext, who: Person, finance: Staff, yuan: string): Promise<PrestoreApplication> => topUpViaApi(t, who, finance, yuan, false);

/** A title, a confirmed top-up and an invoice application covering it (type 1 e-invoice unless told). */
export async function invoiceApplication(t: TestContext, who: Person, finance: Staff, options: { type?: 1 | 2 | 3 | 4; yuan?: string } = {}): Promise<InvoiceApplication> {
  const title = await post<InvoiceTitle>(t, '/api/auth/invoice/add', who, { kind: 'personal', title: '张三', email: 'zs@example.com' });
  expect(title.code, title.msg).toBe(1);
  const topUp = await topUpViaApi(t, who, finance, options.yuan ?? '1000');
  const paper = options.type === 2 || options.type === 4 ? { receiver: '张三', receiver_phone: '13800138000', receiver_address: '上海市徐汇区漕宝路 1 号' } : {};
  const applied = await post<InvoiceApplication>(t, '/api/auth/invoiceApply/add', who, { type: options.type ?? 1, title_rid: title.data.rid, prestore_rids: topUp.rid, ...paper });
  expect(applied.code, applied.msg).toBe(1);
  return applied.data;
}

/** A transfer above the approval threshold (¥5,000), so it waits for finance: the member's funds into their community. */
export async function pendingTransfer(t: TestContext, who: Person, finance: Staff, yuan = '6000') {
  await topUpViaApi(t, who, finance, yuan);
  const community = await ownCommunity(t, who);
  const added = await post<TransferApplication>(t, '/api/auth/transferApply/add', who, { community_rid: community.rid, direction: 'toCommunity', amount: yuan });
  expect(added.data.status, added.msg).toBe('pending');
  return { transfer: added.data, community };
}

/** Rebate money straight onto the member's rebate account, then a withdrawal request of it. */
export async function pendingWithdrawal(t: TestContext, who: Person, amountFen: number, method: 'bank' | 'prestore' = 'prestore'): Promise<Withdrawal> {
  await t.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, 'member', who.member.id, 'rebate');
    await creditAccount(tx, account.id, amountFen, 'rebate_release', `rebate:test-${randomId()}`, systemActor, t.clock.now());
  });
  await acceptCurrentTerms(t, who);
  const bank = method === 'bank' ? { account_name: '李老师', bank_name: '中国银行上海分行', bank_account: '6222020200112233' } : {};
  const added = await post<Withdrawal>(t, '/api/auth/promoter_rebate_withdraw/add', who, { amount: String(amountFen / 100), method, ...bank });
  expect(added.code, added.msg).toBe(1);
  return added.data;
}

/** A teacher's pending credit-line application. */
export async function pendingCredit(t: TestContext, name: string, yuan = '20000') {
  const who = await namedMember(t, name, { organization: Organization.teacher });
  const applied = await post<{ applications: { rid: string }[] }>(t, '/api/auth/creditApply/operate', who, { action: 'apply', limit: yuan, reason: '课题组测试经费统一结算', contact: name });
  expect(applied.code, applied.msg).toBe(1);
  return { who, rid: applied.data.applications[0]!.rid };
}

/** A multipart staff call (fields, then at most one file), answered as the envelope. */
export async function multipart<T = unknown>(t: TestContext, url: string, token: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----finance${randomId(8)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({ method: 'POST', url, headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  const body = response.json() as { code: number; msg: string; data: T };
  return { status: response.statusCode, ...body };
}

/** A GET download with the staff token. */
export async function download(t: TestContext, url: string, token: string, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, query, headers: { token } });
}

/** The rows of an xlsx's first sheet as plain values (money as numbers). */
export async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

export const lastAudit = async (t: TestContext) => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
export const auditCount = async (t: TestContext) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
export const auditsOf = (t: TestContext, action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/**
 * Moves the test's clock on by whole days (a ledger entry cannot be back-dated: the table is
 * append-only) and gives everyone named a new token, since the old ones expire after 2 hours.
 */
export async function daysLater(t: TestContext, days: number, people: { staff?: Staff[]; members?: Person[] }) {
  t.clock.advance(days * 86_400_000);
  for (const person of people.staff ?? []) person.token = (await issueSession(t.db, 'staff', person.id, { now: t.clock.now() })).token;
  for (const person of people.members ?? []) person.token = (await issueSession(t.db, 'member', person.member.id, { now: t.clock.now() })).token;
}
