import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementSignView, InvoiceApplication, PrestoreApplication, Requirement } from '@lab/contract';
import type { RouteEntry } from '../src/app';
import type { SniffedExt } from '../src/platform/files';
import { call, createTestContext, lastSmsCode, type TestContext } from './harness';
import { versionOf } from './decision-pins';
import { tmpRoot } from './template';
import { idLike, routeFields } from './route-fields';
import { eq } from 'drizzle-orm';
import { sealedDocuments } from '../src/areas/orders/documents/documents.tables';
import ExcelJS from 'exceljs';
import { sampleSheetTemplate } from '../src/areas/orders/sample-sheet-template';
import { WORLD_NOW, buildWorld, digestTracker, multipart, pdfBytes, pngBytes, storedFiles, type World } from './access-world';

/**
 * File uploads and downloads, read from the route table:
 *
 * - every upload route declares `config.upload` (folder, cap, types by content, fields) and has
 *   an entry below saying who uploads and with which fields; each is shown a file one byte over
 *   its cap (413), files whose content is not an accepted type whatever their name and declared
 *   type (400), and hostile file names (stored under a random server name, never the client's);
 *   a refused upload leaves the database and the data folder exactly as they were;
 * - every GET under /api/auth and /api/admin is a download (files and exports) and has an entry:
 *   it answers with a safe Content-Type, `nosniff` and `attachment`; without a token 401; a field
 *   that names a file cannot reach outside the data folder, whatever it says;
 * - staff images under /upload/img/u/ cannot be used to walk out of their folder.
 *
 * Who may download a member's file (the member, staff, not another member) is the
 * access-control suite (test/access-control.test.ts) and test/admin-routes.test.ts.
 */

type Fields = (w: World) => Promise<Record<string, string>>;
interface UploadCase {
  who: (w: World) => { token: string };
  /** fields for one upload the route would accept (called for each upload, so a one-off state can be made fresh) */
  fields: Fields;
}

const dataDir = path.join(tmpRoot, `upload-files-${process.pid}-${Date.now()}`);
let t: TestContext;
let w: World;
let digests: ReturnType<typeof digestTracker>;

const post = async <T>(url: string, who: { token: string }, json: Record<string, unknown>) => {
  const res = await call<T>(t.app, 'POST', url, { token: who.token, json });
  expect(res.code, `${url}: ${res.msg}`).toBe(1);
  return res.data;
};

/** A confirmed top-up of A and an e-invoice application for it: each issue is a one-off. */
async function freshInvoice(w: World, issued: boolean): Promise<string> {
  const topUp = await post<PrestoreApplication>('/api/auth/prestoreApply/add', w.a, { amount: '100' });
  await post('/api/admin/funds/prestore/confirm', w.staff.finance, { rid: topUp.rid, version: await versionOf(t.db, 'prestore', topUp.rid) });
  const application = await post<InvoiceApplication>('/api/auth/invoiceApply/add', w.a, { type: 1, title_rid: w.titleA.rid, prestore_rids: topUp.rid });
  if (issued) await post('/api/admin/funds/invoice/issue', w.staff.finance, { rid: application.rid, version: await versionOf(t.db, 'invoice', application.rid), invoice_no: `2531${Date.now()}`, issued_on: '2026-03-06' });
  return application.rid;
}

/** The number of a sealed document of A's (its order's 测试明细清单, issued once and then answered again). */
async function documentNo(w: World): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/order/statement', query: { order_no: w.orderA.orderNo }, headers: { token: w.a.token } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const [row] = await t.db.select({ no: sealedDocuments.no }).from(sealedDocuments).where(eq(sealedDocuments.orderId, w.orderA.id)).limit(1);
  return row!.no;
}

async function freshRequirement(w: World): Promise<string> {
  const added = await post<Requirement>('/api/auth/demand/add', w.a, { title: '附件测试', content: '说明', samples: '粉末', contact: '甲老师', phone: '13800138000' });
  return added.rid;
}

/** A's agreement of an order read, its SMS code asked and signed online: the sealed PDF to download. */
async function signAgreementOnline(who: World['a'], orderNo: string) {
  const read = await post<AgreementSignView>('/api/auth/order/agreement', who, { order_no: orderNo });
  await post('/api/auth/order/agreement/code', who, { order_no: orderNo });
  await post('/api/auth/order/agreement/sign', who, { order_no: orderNo, code: await lastSmsCode(t.db, who.member.phone), content_sha256: read.contentSha256 });
}

const uploads: Record<string, UploadCase> = {
  'POST /api/auth/prestoreApply/receipt': { who: (w) => w.a, fields: async (w) => ({ rid: w.prestorePending.rid }) },
  // a requirement holds five attachments: a fresh one each time
  'POST /api/auth/demand/file': { who: (w) => w.a, fields: async (w) => ({ rid: await freshRequirement(w) }) },
  'POST /api/auth/contract/upload': { who: (w) => w.a, fields: async (w) => ({ rid: w.contractA.rid }) },
  'POST /api/auth/order/updateProtocolFile': { who: (w) => w.a, fields: async (w) => ({ order_no: w.orderA.orderNo }) },
  'POST /api/admin/orders/report/upload': { who: (w) => w.staff.lab, fields: async (w) => ({ order_no: w.orderDelivered.orderNo }) },
  'POST /api/admin/contract/add': { who: (w) => w.staff.sales, fields: async (w) => ({ member_rid: w.a.member.rid, title: '补充协议' }) },
  'POST /api/admin/funds/invoice/issueWithFile': { who: (w) => w.staff.finance, fields: async (w) => {
      const rid = await freshInvoice(w, false);
      return { rid, version: String(await versionOf(t.db, 'invoice', rid)), invoice_no: `2531${Date.now()}`, issued_on: '2026-03-06' };
    },
  },
  'POST /api/admin/funds/invoice/file': { who: (w) => w.staff.finance, fields: async (w) => ({ rid: await freshInvoice(w, true) }) },
  // a bank statement is read into lines and never stored; the same file again answers duplicate
  'POST /api/admin/funds/bank/upload': { who: (w) => w.staff.finance, fields: async () => ({}) },
  'POST /api/admin/upload/image': { who: (w) => w.staff.admin, fields: async () => ({}) },
  // a filled 样品导入表 is read into the plan and never stored
  'POST /api/auth/tempDevice/importSheet': { who: (w) => w.a, fields: async (w) => ({ rid: w.item.rid }) },
  // /verify's original check: read and compared, never stored (the test below sees nothing added)
  'POST /api/open/document/check': { who: (w) => w.b, fields: async (w) => ({ no: await documentNo(w) }) },
};

/** GET route → who downloads what; every GET under /api/auth and /api/admin answers a file. */
const downloads: Record<string, { who: (w: World) => { token: string }; query: (w: World) => Record<string, string> }> = {
  'GET /api/auth/prestore/export': { who: (w) => w.a, query: () => ({ format: 'xlsx' }) },
  'GET /api/auth/prestoreApply/receipt': { who: (w) => w.a, query: (w) => ({ rid: w.prestorePending.rid }) },
  'GET /api/auth/invoiceApply/file': { who: (w) => w.a, query: (w) => ({ rid: w.invoiceIssued.rid }) },
  'GET /api/auth/assign/statement': { who: (w) => w.a, query: () => ({ from: '2026-03-01', to: '2026-03-31', format: 'xlsx' }) },
  'GET /api/auth/order/report': { who: (w) => w.a, query: (w) => ({ order_no: w.orderDelivered.orderNo, id: w.reportId }) },
  'GET /api/auth/demand/file': { who: (w) => w.a, query: (w) => ({ rid: w.requirementA.rid, id: w.attachmentId }) },
  'GET /api/auth/contract/download': { who: (w) => w.a, query: (w) => ({ rid: w.contractA.rid }) },
  'GET /api/auth/reservation/ics': { who: (w) => w.a, query: (w) => ({ rid: w.reservationFirmA.rid }) },
  'GET /api/auth/contract/signed': { who: (w) => w.a, query: (w) => ({ rid: w.contractA.rid }) },
  'GET /api/auth/order/statement': { who: (w) => w.a, query: (w) => ({ order_no: w.orderA.orderNo }) },
  'GET /api/auth/order/paymentNotice': { who: (w) => w.a, query: (w) => ({ order_no: w.orderUnsettled.orderNo }) },
  'GET /api/auth/tempDevice/quote': { who: (w) => w.a, query: () => ({}) },
  // signed online in beforeAll
  'GET /api/auth/order/agreement/pdf': { who: (w) => w.a, query: (w) => ({ order_no: w.orderUnsettled.orderNo }) },
  'GET /api/admin/funds/prestore/receipt': { who: (w) => w.staff.finance, query: (w) => ({ rid: w.prestorePending.rid }) },
  'GET /api/admin/funds/invoice/file': { who: (w) => w.staff.finance, query: (w) => ({ rid: w.invoiceIssued.rid }) },
  'GET /api/admin/orders/report': { who: (w) => w.staff.lab, query: (w) => ({ order_no: w.orderDelivered.orderNo, id: w.reportId }) },
  'GET /api/admin/demand/file': { who: (w) => w.staff.sales, query: (w) => ({ rid: w.requirementA.rid, id: w.attachmentId }) },
  'GET /api/admin/contract/file': { who: (w) => w.staff.sales, query: (w) => ({ rid: w.contractA.rid }) },
  'GET /api/admin/contract/signed': { who: (w) => w.staff.sales, query: (w) => ({ rid: w.contractA.rid }) },
  'GET /api/admin/funds/account/ledger/export': { who: (w) => w.staff.finance, query: (w) => ({ account_id: String(w.accountA.id) }) },
  'GET /api/admin/funds/prestore/export': { who: (w) => w.staff.finance, query: () => ({}) },
  'GET /api/admin/funds/invoice/export': { who: (w) => w.staff.finance, query: () => ({}) },
  'GET /api/admin/growth/withdraw/export': { who: (w) => w.staff.finance, query: () => ({}) },
  'GET /api/admin/payments/export': { who: (w) => w.staff.finance, query: () => ({}) },
  'GET /api/admin/payments/refund/export': { who: (w) => w.staff.finance, query: () => ({}) },
  'GET /api/admin/analytics/export': { who: (w) => w.staff.lab, query: () => ({ tile: 'revenue', from: '2026-03-01', to: '2026-03-31' }) },
  'GET /api/admin/analytics/yearly/export': { who: (w) => w.staff.lab, query: () => ({ year: '2026' }) },
  'GET /api/auth/privacy/export': { who: (w) => w.a, query: () => ({ format: 'json' }) },
  'GET /api/auth/reimbursement/pack': { who: (w) => w.a, query: (w) => ({ order_no: w.orderDelivered.orderNo }) },
  'GET /api/auth/order/methods/txt': { who: (w) => w.a, query: (w) => ({ order_no: w.orderDelivered.orderNo }) },
  'GET /api/auth/order/methods/docx': { who: (w) => w.a, query: (w) => ({ order_no: w.orderDelivered.orderNo }) },
  'GET /api/auth/grant/statement': { who: (w) => w.a, query: (w) => ({ card_rid: w.cardA.rid }) },
  'GET /api/auth/vault/sums': { who: (w) => w.a, query: () => ({ format: 'manifest' }) },
  'GET /api/auth/tempDevice/sampleSheet': { who: (w) => w.a, query: (w) => ({ rid: w.item.rid }) },
};

const label = (route: RouteEntry) => `${route.method} ${route.url}`;
const uploadRoutes = () => t.app.routeTable.filter((route) => route.config.upload);
const getRoutes = () => t.app.routeTable.filter((route) => route.method === 'GET' && /^\/api\/(auth|admin)\//.test(route.url));

/** A valid file of the first type the route accepts. */
const goodFile = (types: readonly SniffedExt[]) =>
  types.includes('xlsx') && !types.includes('csv') ? { bytes: sampleSheet, ext: 'xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } : types.includes('csv') ? { bytes: statementCsv, ext: 'csv', type: 'text/csv' } : types.includes('pdf') ? { bytes: pdfBytes, ext: 'pdf', type: 'application/pdf' } : { bytes: pngBytes, ext: 'png', type: 'image/png' };
/** a bank statement in the generic layout (the statement upload reads csv and xlsx by content) */
const statementCsv = Buffer.from('日期,收入金额,付款人,备注\n2026-03-01,100.00,某大学,预存\n');

/** the world's item's 样品导入表 with one sample (the only xlsx-only upload) */
let sampleSheet: Buffer = Buffer.alloc(0);
async function filledSampleSheet(item: World['item']): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await sampleSheetTemplate(item)) as unknown as ArrayBuffer);
  book.getWorksheet('样品')!.addRow(['TiO2', 1, '粉末', '', '否', '否', '常规']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Contents that are not what their name and declared type say. */
const impostors = [
  { name: 'report.pdf', type: 'application/pdf', bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>') },
  { name: 'picture.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
  { name: 'photo.png', type: 'image/png', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0This program cannot be run in DOS mode')]) },
  { name: 'scan.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, named like a photo') },
];

/** File names a client may send; none of them may reach the disk path or break the answer. */
const hostileNames = ['../../etc/passwd', '..\\..\\windows\\win.ini', 'a\u0000b.pdf', `${'长'.repeat(300)}.pdf`, '检测报告🧪 final (2).pdf', 'x"; filename="evil.html\r\nX-Injected: 1.pdf'];

const storedName = /^(receipts|invoices|reports|protocols|requirements|contracts|images|documents)\/[\w-]{20,60}\.(png|jpg|pdf|zip|webp)$/;

beforeAll(async () => {
  t = await createTestContext({ now: WORLD_NOW, dataDir });
  w = await buildWorld(t);
  await signAgreementOnline(w.a, w.orderUnsettled.orderNo);
  sampleSheet = await filledSampleSheet(w.item);
  digests = digestTracker(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('every upload route', () => {
  it('declares what it accepts and has a case here; every GET route is a download with a case here', () => {
    const routes = uploadRoutes().map(label);
    expect(routes.length).toBeGreaterThanOrEqual(9);
    expect(routes.filter((key) => !(key in uploads)), 'upload routes without a case in test/uploads.test.ts').toEqual([]);
    expect(Object.keys(uploads).filter((key) => !routes.includes(key)), 'cases for routes that are gone').toEqual([]);
    const gets = getRoutes().map(label);
    expect(gets.filter((key) => !(key in downloads)), 'GET routes without a download case').toEqual([]);
    expect(Object.keys(downloads).filter((key) => !gets.includes(key)), 'download cases for routes that are gone').toEqual([]);
  });

  it('is a multipart route that refuses a form body (400, nothing stored)', async () => {
    for (const route of uploadRoutes()) {
      const spec = uploads[label(route)]!;
      const res = await call(t.app, 'POST', route.url, { token: spec.who(w).token, json: await spec.fields(w) });
      expect({ status: res.status, msg: res.msg }, label(route)).toEqual({ status: 400, msg: '请以表单方式上传文件' });
    }
  });

  it('refuses a file one byte over its cap with 413 and leaves nothing behind', async () => {
    for (const route of uploadRoutes()) {
      const spec = uploads[label(route)]!;
      const { maxBytes, types } = route.config.upload!;
      const good = goodFile(types);
      const fields = await spec.fields(w);
      digests.forget();
      const files = storedFiles(dataDir);
      const before = await digests.before();
      const big = Buffer.concat([good.bytes, Buffer.alloc(maxBytes + 1 - good.bytes.length, 0x20)]);
      const res = await multipart(t.app, route.url, spec.who(w).token, fields, { name: `big.${good.ext}`, bytes: big, type: good.type });
      expect({ status: res.status, code: res.code, msg: res.msg }, label(route)).toEqual({ status: 413, code: 0, msg: `文件不能超过${maxBytes / 1024 / 1024}MB` });
      expect(storedFiles(dataDir), label(route)).toEqual(files);
      expect(await digests.changedSince(before), label(route)).toEqual([]);
    }
  });

  it('refuses content that is not an accepted type, whatever the name and declared type say', async () => {
    for (const route of uploadRoutes()) {
      const spec = uploads[label(route)]!;
      const fields = await spec.fields(w);
      digests.forget();
      for (const impostor of impostors) {
        const files = storedFiles(dataDir);
        const before = await digests.before();
        const res = await multipart(t.app, route.url, spec.who(w).token, fields, impostor);
        expect({ status: res.status, code: res.code }, `${label(route)} ${impostor.name}: ${res.msg}`).toEqual({ status: 400, code: 0 });
        expect(res.msg, label(route)).toMatch(/^仅支持 .+文件$/);
        expect(storedFiles(dataDir), label(route)).toEqual(files);
        expect(await digests.changedSince(before), label(route)).toEqual([]);
      }
    }
  });

  it('stores an accepted file under a random name of its own; the client name never reaches the disk', async () => {
    const outside = fs.readdirSync(path.dirname(dataDir));
    for (const route of uploadRoutes()) {
      const spec = uploads[label(route)]!;
      const good = goodFile(route.config.upload!.types);
      for (const name of hostileNames) {
        const files = storedFiles(dataDir);
        const res = await multipart(t.app, route.url, spec.who(w).token, await spec.fields(w), { name, bytes: good.bytes, type: good.type });
        expect({ status: res.status, code: res.code }, `${label(route)} ${JSON.stringify(name)}: ${res.msg}`).toEqual({ status: 200, code: 1 });
        const added = storedFiles(dataDir).filter((file) => !files.includes(file));
        expect(added.length, `${label(route)} ${JSON.stringify(name)}`).toBeLessThanOrEqual(1);
        // a replaced signed copy or receipt removes the old file: the count may stay the same, the name is new
        for (const file of storedFiles(dataDir)) expect(file.replaceAll(path.sep, '/'), label(route)).toMatch(storedName);
        expect(fs.readFileSync(path.join(dataDir, 'files', added[0] ?? storedFiles(dataDir).find((f) => !files.includes(f)) ?? files[0]!)).length).toBeGreaterThan(0);
      }
    }
    // nothing was written next to the data folder (../../etc/passwd and friends)
    expect(fs.readdirSync(path.dirname(dataDir)).filter((entry) => !outside.includes(entry) && !entry.startsWith('pglite-run-') && !entry.startsWith('upload-files-') && !entry.startsWith('access-files-'))).toEqual([]);
  });
});

describe('every download', () => {
  // the member's copy of their data (下载我的数据) is JSON, sent as an attachment with nosniff
  // a booking's calendar file (.ics) is text/calendar, which no browser runs
  const safeTypes = /^(text\/calendar; charset=utf-8|application\/pdf|image\/png|image\/jpeg|image\/webp|application\/zip|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document|text\/plain; charset=utf-8|text\/csv; charset=utf-8|text\/html; charset=utf-8|application\/json; charset=utf-8)$/;

  it('answers its owner with a safe Content-Type, nosniff and attachment', async () => {
    for (const route of getRoutes()) {
      const spec = downloads[label(route)]!;
      const res = await t.app.inject({ method: 'GET', url: route.url, query: spec.query(w), headers: { token: spec.who(w).token } });
      expect(res.statusCode, `${label(route)}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type'], label(route)).toMatch(safeTypes);
      expect(res.headers['x-content-type-options'], label(route)).toBe('nosniff');
      expect(String(res.headers['content-disposition']), label(route)).toMatch(/^attachment; filename="[\w.-]+"; filename\*=UTF-8''[\w%.\-()!*~']+$/);
      expect(res.headers['cache-control'], label(route)).toMatch(/private|no-store/);
      // the agreement is the one HTML download: it runs no script of anyone's (CSP), and is saved, not shown
      if (String(res.headers['content-type']).startsWith('text/html')) expect(String(res.headers['content-security-policy']), label(route)).toMatch(/default-src 'none'/);
    }
  });

  it('answers 401 without a token', async () => {
    for (const route of getRoutes()) {
      const res = await call(t.app, 'GET', route.url, { query: downloads[label(route)]!.query(w) });
      expect({ status: res.status, code: res.code, msg: res.msg }, label(route)).toEqual({ status: 401, code: 0, msg: '请先登录' });
    }
  });

  it('cannot be walked out of the data folder by any query field', async () => {
    const paths = ['../../../../etc/passwd', '/etc/passwd', '..%2f..%2f..%2fetc%2fpasswd', '....//....//etc/passwd', 'C:\\Windows\\win.ini', `../files/reports/${'a'.repeat(24)}.pdf`, '%00', '\u0000'];
    for (const route of getRoutes()) {
      const spec = downloads[label(route)]!;
      for (const field of routeFields(route)) {
        for (const value of paths) {
          const res = await t.app.inject({ method: 'GET', url: route.url, query: { ...spec.query(w), [field]: value }, headers: { token: spec.who(w).token } });
          expect(res.statusCode, `${label(route)} ${field}=${JSON.stringify(value)}`).not.toBe(500);
          expect(res.body, `${label(route)} ${field}=${JSON.stringify(value)}`).not.toMatch(/root:.*:0:0:|\[fonts\]/);
          if (idLike(field)) expect([400, 404], `${label(route)} ${field}=${JSON.stringify(value)}`).toContain(res.statusCode);
        }
      }
    }
  });
});

describe('staff images under /upload/img/u/', () => {
  it('are served as the image they are, with nosniff', async () => {
    const res = await multipart<{ path: string }>(t.app, '/api/admin/upload/image', w.staff.admin.token, {}, { name: 'banner.png', bytes: pngBytes, type: 'image/png' });
    expect(res.code, res.msg).toBe(1);
    expect(res.data.path).toMatch(/^\/upload\/img\/u\/[\w-]{20,60}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: res.data.path });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(pngBytes)).toBe(true);
  });

  it('cannot reach any other file: not the members\' documents next door, not the system', async () => {
    // a member's receipt lives in files/receipts, one folder over from files/images
    const receipt = storedFiles(dataDir).find((file) => file.startsWith('receipts'))!;
    const name = path.basename(receipt);
    const urls = [
      `/upload/img/u/../receipts/${name}`,
      `/upload/img/u/..%2freceipts%2f${name}`,
      `/upload/img/u/..%2Freceipts%2F${name}`,
      `/upload/img/u/%2e%2e/receipts/${name}`,
      `/upload/img/u/%252e%252e%252freceipts%252f${name}`,
      `/upload/img/u/..%5creceipts%5c${name}`,
      `/upload/img/u/....//receipts/${name}`,
      '/upload/img/u/..%2f..%2f..%2f..%2f..%2f..%2fetc/passwd',
      '/upload/img/u/../../../../../../etc/passwd',
      '/upload/img/u/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/upload/img/u//etc/passwd',
      '/upload/img/u/%00',
    ];
    const secret = fs.readFileSync(path.join(dataDir, 'files', receipt));
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.equals(secret), url).toBe(false);
      expect(res.body, url).not.toMatch(/root:.*:0:0:/);
    }
  });
});
