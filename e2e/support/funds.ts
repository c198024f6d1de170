import { expect, type APIRequestContext } from '@playwright/test';
import { freshTotpCode, skipTotpStep } from './totp';

/** The finance account the demo seed adds (apps/server/src/seed/seed.ts). */
export const demoFinance = { account: 'finance', password: 'Finance@2026' } as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

const tokens = new Map<string, string>();

/**
 * Logs a staff member (finance by default) in through the API and answers the staff token:
 * the password, then — admin and finance — the authenticator's code from the demo secret. The
 * token is kept for this run's later calls (it lasts 2 hours), as a person stays logged in.
 */
export async function staffLogin(request: APIRequestContext, who: { account: string; password: string } = demoFinance): Promise<string> {
  const kept = tokens.get(who.account);
  if (kept && (await request.post('/api/admin/me', { headers: { token: kept } })).ok()) return kept;
  const response = await request.post('/api/admin/login', { form: { account: who.account, password: who.password } });
  const envelope = (await response.json()) as Envelope<{ token: string } | { mfa: 'totp'; challenge: string }>;
  expect(envelope.code, `staff login: ${envelope.msg}`).toBe(1);
  let token: string;
  if ('mfa' in envelope.data) {
    expect(envelope.data.mfa, 'a demo admin or finance has a bound authenticator').toBe('totp');
    let second = await request.post('/api/admin/login/totp', { form: { challenge: envelope.data.challenge, code: await freshTotpCode(who.account) } });
    let answer = (await second.json()) as Envelope<{ token: string }>;
    if (answer.msg.includes('已使用')) {
      skipTotpStep(who.account);
      second = await request.post('/api/admin/login/totp', { form: { challenge: envelope.data.challenge, code: await freshTotpCode(who.account) } });
      answer = (await second.json()) as Envelope<{ token: string }>;
    }
    expect(answer.code, `staff TOTP: ${answer.msg}`).toBe(1);
    token = answer.data.token;
  } else {
    token = envelope.data.token;
  }
  tokens.set(who.account, token);
  return token;
}

/** A staff call under /api/admin with the token header; fails the test on a failure envelope. */
export async function staffPost<T>(request: APIRequestContext, token: string, path: string, form: Record<string, string | number> = {}): Promise<T> {
  const response = await request.post(path, { form, headers: { token } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** Finance confirms the receipt of a top-up, found by the number the member wrote on the transfer. */
export async function confirmPrestoreByApplyNo(request: APIRequestContext, applyNo: string, note?: string) {
  const token = await staffLogin(request);
  const pending = await staffPost<{ list: { rid: string; applyNo: string; version: number }[] }>(request, token, '/api/admin/funds/prestore/list', { status: 'pending', pageSize: 100 });
  const application = pending.list.find((p) => p.applyNo === applyNo);
  expect(application, `pending top-up ${applyNo}`).toBeDefined();
  // the version the queue shows: finance books the application as it saw it
  return staffPost<{ status: string }>(request, token, '/api/admin/funds/prestore/confirm', { rid: application!.rid, version: application!.version, ...(note ? { note } : {}) });
}

/** Finance issues a pending invoice application (number, date) and uploads its e-invoice file. */
export async function issueInvoiceWithFile(request: APIRequestContext, find: (a: { rid: string; amountFen: number; title: { title: string } }) => boolean, invoiceNo: string, file: Buffer) {
  const token = await staffLogin(request);
  const pending = await staffPost<{ list: { rid: string; version: number; amountFen: number; title: { title: string } }[] }>(request, token, '/api/admin/funds/invoice/list', { status: 'pending', pageSize: 100 });
  const application = pending.list.find(find);
  expect(application, 'the pending invoice application').toBeDefined();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  await staffPost(request, token, '/api/admin/funds/invoice/issue', { rid: application!.rid, version: application!.version, invoice_no: invoiceNo, issued_on: today });
  const response = await request.post('/api/admin/funds/invoice/file', {
    headers: { token },
    multipart: { rid: application!.rid, file: { name: `${invoiceNo}.pdf`, mimeType: 'application/pdf', buffer: file } },
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  expect(envelope.code, `invoice file: ${envelope.msg}`).toBe(1);
  return { rid: application!.rid, issuedOn: today };
}
