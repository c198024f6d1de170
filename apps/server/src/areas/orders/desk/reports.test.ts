import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, ReportFile } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { tmpRoot } from '../../../../test/template';
import { orderFiles } from '../orders.tables';
import { reportDisplayBase } from './reports.service';
import { eventsOf, makeOrder, memberOf, pdfBytes, pngBytes, post, progressContext, uploadReport, zipBytes, type OrderOptions } from './progress.test-helpers';

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-03-02T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const order = async (options: OrderOptions = { progress: 'testing' }) => {
  const m = await memberOf(t);
  const row = await makeOrder(t, ctx.item, m.member.id, options);
  return { m, row };
};
const filesOf = (orderId: number) => t.db.select().from(orderFiles).where(eq(orderFiles.orderId, orderId));
const download = (url: string, token: string | undefined, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, headers: token ? { token } : {} });

describe('report upload', () => {
  it('stores a PDF under a server-chosen name and lists it with the uploader\'s clean name', async () => {
    const { row } = await order();
    const res = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'XRD 测试报告.pdf', bytes: pdfBytes, type: 'application/pdf' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '报告文件已上传', data: [{ name: 'XRD 测试报告.pdf', size: pdfBytes.length }] });
    const [stored] = await filesOf(row.id);
    expect(stored).toMatchObject({ kind: 'report', type: 'application/pdf', name: 'XRD 测试报告.pdf' });
    // random, nothing of the uploader's name (a random name may spell "XRD" by chance: ~1 in 6,000)
    expect(stored!.storedName).toMatch(/^[\w-]{20,60}\.pdf$/);
    expect((await eventsOf(t, row.id)).at(-1)).toMatchObject({ status: 'note', title: '上传报告文件', note: 'XRD 测试报告.pdf', actorName: '测试lab' });
    // a second file (zip of raw data) joins the list
    const more = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'raw-data.zip', bytes: zipBytes });
    expect(more.data.map((f) => f.name)).toEqual(['XRD 测试报告.pdf', 'raw-data.zip']);
    // the same name again is stored under another server-chosen name
    await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'XRD 测试报告.pdf', bytes: pdfBytes, type: 'application/pdf' });
    const names = (await filesOf(row.id)).filter((f) => f.name === 'XRD 测试报告.pdf').map((f) => f.storedName);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
  });

  it('the type comes from the content: a .pdf name with PNG bytes is stored as PNG; text is refused', async () => {
    const { row } = await order();
    const res = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'scan.pdf', bytes: pngBytes, type: 'application/pdf' });
    expect(res).toMatchObject({ status: 200, code: 1, data: [{ name: 'scan.png' }] });
    const [stored] = await filesOf(row.id);
    expect(stored!.type).toBe('image/png');
    expect(stored!.storedName).toMatch(/\.png$/);
    const text = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'report.pdf', bytes: Buffer.from('just some text, not a pdf'), type: 'application/pdf' });
    expect(text).toMatchObject({ status: 400, code: 0, msg: '仅支持 PDF、PNG、JPG、ZIP 文件' });
    expect(await filesOf(row.id)).toHaveLength(1);
  });

  it('cleans the display name: no folders, no reserved characters, a default when nothing is left', () => {
    expect(reportDisplayBase('../../etc/passwd<script>.pdf')).toBe('passwdscript');
    expect(reportDisplayBase('C:\\Users\\lab\\报告:"终版"?.pdf')).toBe('报告终版');
    expect(reportDisplayBase('a\u0000b\r\nc.zip')).toBe('abc');
    expect(reportDisplayBase('...')).toBe('检测报告');
    expect(reportDisplayBase(null)).toBe('检测报告');
    expect(reportDisplayBase(`${'长'.repeat(200)}.pdf`)).toHaveLength(80);
  });

  it('refuses bad input: no order number, no file, unknown order, wrong state, too large', async () => {
    const { row } = await order();
    expect(await uploadReport(t, ctx.lab, {}, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await uploadReport(t, ctx.lab, { order_no: row.orderNo }, null)).toMatchObject({ status: 400, msg: '[文件]不能为空' });
    expect(await uploadReport(t, ctx.lab, { order_no: 'KY2026030200000000' }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 404, msg: '订单不存在' });
    for (const progress of ['submitted', 'awaiting_sample', 'received', 'completed', 'cancelled'] as const) {
      const other = await order({ progress });
      expect(await uploadReport(t, ctx.lab, { order_no: other.row.orderNo }, { name: 'a.pdf', bytes: pdfBytes }), progress).toMatchObject({
        status: 409,
        msg: '仅测试中或已出数据的订单可以上传报告',
      });
      expect(await filesOf(other.row.id)).toHaveLength(0);
    }
    const delivered = await order({ progress: 'delivered' });
    expect(await uploadReport(t, ctx.lab, { order_no: delivered.row.orderNo }, { name: 'extra.pdf', bytes: pdfBytes })).toMatchObject({ status: 200, code: 1 });
    const big = Buffer.concat([pdfBytes, Buffer.alloc(50 * 1024 * 1024)]);
    expect(await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'big.pdf', bytes: big })).toMatchObject({ status: 413, code: 0, msg: '文件不能超过50MB' });
    expect(await filesOf(row.id)).toHaveLength(0);
  });

  it('only lab (and admin) upload: sales, finance and a member 403, no token 401', async () => {
    const { m, row } = await order();
    expect(await uploadReport(t, ctx.sales, { order_no: row.orderNo }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 403 });
    expect(await uploadReport(t, ctx.finance, { order_no: row.orderNo }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 403 });
    expect(await uploadReport(t, m, { order_no: row.orderNo }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 403 });
    expect(await uploadReport(t, undefined, { order_no: row.orderNo }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 401 });
    expect(await uploadReport(t, ctx.admin, { order_no: row.orderNo }, { name: 'a.pdf', bytes: pdfBytes })).toMatchObject({ status: 200, code: 1 });
    expect(await filesOf(row.id)).toHaveLength(1);
  });
});

describe('report delete', () => {
  it('while testing only; an unknown file → 404', async () => {
    const { row } = await order();
    const up = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'wrong.pdf', bytes: pdfBytes });
    const id = up.data[0]!.id;
    expect(await post(t, '/api/admin/orders/report/delete', ctx.lab, { order_no: row.orderNo, id: 'nope' })).toMatchObject({ status: 404, msg: '报告文件不存在' });
    expect(await post(t, '/api/admin/orders/report/delete', ctx.sales, { order_no: row.orderNo, id })).toMatchObject({ status: 403 });
    expect(await post<ReportFile[]>(t, '/api/admin/orders/report/delete', ctx.lab, { order_no: row.orderNo, id })).toMatchObject({ status: 200, code: 1, data: [] });
    expect(await filesOf(row.id)).toHaveLength(0);
    const delivered = await order({ progress: 'delivered' });
    const kept = await uploadReport(t, ctx.lab, { order_no: delivered.row.orderNo }, { name: 'final.pdf', bytes: pdfBytes });
    expect(await post(t, '/api/admin/orders/report/delete', ctx.lab, { order_no: delivered.row.orderNo, id: kept.data[0]!.id })).toMatchObject({
      status: 409,
      msg: '数据交付后不能删除报告文件',
    });
    expect(await filesOf(delivered.row.id)).toHaveLength(1);
  });
});

describe('report download', () => {
  it('the owner gets the file with a safe download name; another member, a wrong id or another order\'s file → 404', async () => {
    const { m, row } = await order();
    const up = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'SEM图像.pdf', bytes: pdfBytes });
    const id = up.data[0]!.id;
    // while testing the member sees no report and cannot fetch it (the lab may still replace it)
    expect((await post<OrderDetail>(t, '/api/auth/order/detail', m, { order_no: row.orderNo })).data.reports).toEqual([]);
    expect((await download('/api/auth/order/report', m.token, { order_no: row.orderNo, id })).statusCode).toBe(404);
    await post(t, '/api/admin/orders/deliver', ctx.lab, { order_no: row.orderNo });
    const detail = await post<OrderDetail>(t, '/api/auth/order/detail', m, { order_no: row.orderNo });
    expect(detail.data.reports).toEqual([{ id, name: 'SEM图像.pdf', size: pdfBytes.length, uploadedAt: expect.any(String) }]);

    const res = await download('/api/auth/order/report', m.token, { order_no: row.orderNo, id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent('SEM图像.pdf')}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(pdfBytes)).toBe(true);

    const stranger = await memberOf(t);
    const denied = await download('/api/auth/order/report', stranger.token, { order_no: row.orderNo, id });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ code: 0, msg: '订单不存在' });
    // the stranger's own order with the victim's file id: still 404
    const own = await order();
    expect((await download('/api/auth/order/report', own.m.token, { order_no: own.row.orderNo, id })).statusCode).toBe(404);
    expect((await download('/api/auth/order/report', m.token, { order_no: row.orderNo, id: 'nope' })).json()).toMatchObject({ code: 0, msg: '报告文件不存在' });
    expect((await download('/api/auth/order/report', undefined, { order_no: row.orderNo, id })).statusCode).toBe(401);
    expect((await download('/api/auth/order/report', m.token, { order_no: row.orderNo })).statusCode).toBe(400);
  });

  it('staff download: lab and sales yes, finance no, a member token no', async () => {
    const { m, row } = await order();
    const up = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'raw.zip', bytes: zipBytes });
    const id = up.data[0]!.id;
    const lab = await download('/api/admin/orders/report', ctx.lab.token, { order_no: row.orderNo, id });
    expect(lab.statusCode).toBe(200);
    expect(lab.headers['content-type']).toBe('application/zip');
    expect(lab.rawPayload.equals(zipBytes)).toBe(true);
    expect((await download('/api/admin/orders/report', ctx.sales.token, { order_no: row.orderNo, id })).statusCode).toBe(200);
    expect((await download('/api/admin/orders/report', ctx.finance.token, { order_no: row.orderNo, id })).statusCode).toBe(403);
    expect((await download('/api/admin/orders/report', m.token, { order_no: row.orderNo, id })).statusCode).toBe(403);
    expect((await download('/api/admin/orders/report', ctx.lab.token, { order_no: row.orderNo, id: 'nope' })).statusCode).toBe(404);
  });

  it('a stored file missing on disk answers 404, not 500', async () => {
    const { m, row } = await order();
    const up = await uploadReport(t, ctx.lab, { order_no: row.orderNo }, { name: 'gone.pdf', bytes: pdfBytes });
    const [stored] = await filesOf(row.id);
    const dir = path.join(tmpRoot, 'files', 'files', 'reports');
    expect(fs.existsSync(path.join(dir, stored!.storedName))).toBe(true);
    fs.rmSync(path.join(dir, stored!.storedName), { force: true });
    const res = await download('/api/auth/order/report', m.token, { order_no: row.orderNo, id: up.data[0]!.id });
    expect(res.statusCode).toBe(404);
  });
});
