import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenInWords, type DocumentCheckView, type DocumentVerifyView } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { tmpRoot } from '../../../../test/template';
import { checkPdfSignature } from '../../../platform/pdf-signature';
import { auditLog } from '../../../db/schema';
import { orders } from '../orders.tables';
import { contractCalls, contractsSuite, type ContractsSuite, type Staff } from '../contracts.test-helpers';
import { sealedDocuments } from './documents.tables';

/** Sealed documents: the signature a reader validates, /verify for every status, the original check, the order's papers. */

let t: TestContext;
let sales: Staff;
let suite: ContractsSuite;

beforeAll(async () => {
  suite = await contractsSuite();
  ({ t, sales } = suite);
});
afterAll(() => t.close());

const { member, post, get, makeOrder, upload } = contractCalls(() => suite);

const verify = (no: string) => get('/api/open/document/verify', undefined, { no }).then((r) => r.json<{ code: number; msg: string; data: DocumentVerifyView }>());
const check = (no: string, content: Buffer) => upload('/api/open/document/check', undefined, { no }, { content, filename: 'copy.pdf' }).then((r) => ({ status: r.statusCode, ...r.json<{ code: number; msg: string; data: DocumentCheckView }>() }));
const docOf = async (no: string) => (await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.no, no)))[0]!;

const statement = (who: { token: string }, orderNo: string) => get('/api/auth/order/statement', who, { order_no: orderNo });

describe('the 测试明细清单 of an order: a sealed PDF', () => {
  it('is signed: the PKCS#7 signature validates over its byte ranges, and one changed byte fails it', async () => {
    const who = await member();
    const { order } = await makeOrder(who);
    const res = await statement(who, order.orderNo);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const signature = checkPdfSignature(pdf);
    expect(signature).toMatchObject({ valid: true });
    // a byte of the page content changed (outside the signature's /Contents): the digest no longer matches
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('/Producer');
    tampered[at + 12] = tampered[at + 12]! ^ 0x01;
    expect(checkPdfSignature(tampered)).toEqual({ valid: false, reason: '文件内容在签名后被改动' });
    // a byte of the signature itself changed: the signature no longer verifies
    const range = /\/ByteRange \[0 (\d+) (\d+)/.exec(pdf.toString('latin1'))!;
    const sigBytes = Buffer.from(pdf);
    const inside = Number(range[1]) + 1 + 700;
    sigBytes[inside] = sigBytes[inside] === 0x30 ? 0x31 : 0x30;
    expect(checkPdfSignature(sigBytes).valid).toBe(false);
  });

  it('is recorded with its number, file hash and content hash; the same content answers the same file, new content supersedes it', async () => {
    const who = await member();
    const { order } = await makeOrder(who);
    const first = (await statement(who, order.orderNo)).rawPayload;
    const again = (await statement(who, order.orderNo)).rawPayload;
    expect(again.equals(first)).toBe(true);
    const rows = await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.no).toMatch(/^QD\d{14}$/);
    expect(row).toMatchObject({ kind: 'statement', amountFen: 16_000, demo: true, bytes: first.length });
    const view = await verify(row.no);
    expect(view).toMatchObject({ code: 1, data: { no: row.no, kind: 'statement', kindText: '测试明细清单', status: 'valid', statusText: '有效', amountFen: 16_000, orderNo: order.orderNo, demo: true } });
    expect(view.data.sha256).toBe(row.sha256);
    expect(view.data.client).toBe('同济大学材料学院 李**');
    // each seal applied is on the audit log
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetKey, row.no));
    expect(audits.map((a) => a.action)).toEqual(['document.issue']);

    // the order is paid: the paper is drawn again under a new number, the old one says which replaced it
    t.clock.advance(60_000);
    await t.db.update(orders).set({ payment: 'paid', paidFen: 16_000, paidAt: t.clock.now() }).where(eq(orders.id, order.id));
    const second = (await statement(who, order.orderNo)).rawPayload;
    expect(second.equals(first)).toBe(false);
    const newer = (await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id))).find((r) => r.id !== row.id)!;
    expect(await verify(row.no)).toMatchObject({ data: { status: 'superseded', statusText: '已被新版本替代', statusNote: `已由新版本 ${newer.no} 替代，请以新版本为准` } });
    expect(await verify(newer.no)).toMatchObject({ data: { status: 'valid' } });
  });

  it('another member’s order is 404, a cancelled order is refused, nothing is issued', async () => {
    const who = await member();
    const other = await member();
    const { order } = await makeOrder(who);
    expect((await statement(other, order.orderNo)).json()).toMatchObject({ code: 0, msg: '订单不存在' });
    expect((await statement(other, order.orderNo)).statusCode).toBe(404);
    const cancelled = await makeOrder(who, { progress: 'cancelled' });
    const refused = await statement(who, cancelled.order.orderNo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 0, msg: '已取消的订单不能开具测试明细清单' });
    expect(await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, cancelled.order.id))).toEqual([]);
    expect((await get('/api/auth/order/statement', undefined, { order_no: order.orderNo })).statusCode).toBe(401);
  });

  it('draws one page with the seal, Chinese text and the amounts (rendered to an image when poppler is there)', async () => {
    const who = await member();
    const { order } = await makeOrder(who);
    const pdf = (await statement(who, order.orderNo)).rawPayload;
    const dir = path.join(tmpRoot, 'documents-test');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `statement-${order.orderNo}.pdf`);
    fs.writeFileSync(file, pdf);
    let text: string;
    try {
      text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } catch {
      return; // poppler-utils not installed (scripts/ensure-browser.sh installs it in CI)
    }
    // real text: selectable and searchable
    expect(text).toContain('测试明细清单');
    expect(text).toContain(order.orderNo);
    expect(text).toContain('XRD 粉末衍射（物相分析）');
    expect(text).toContain('¥160.00');
    expect(text).toContain('人民币大写：壹佰陆拾元整');
    expect(text).toContain('测试签章');
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, path.join(dir, `statement-${order.orderNo}`)]);
    expect(fs.statSync(path.join(dir, `statement-${order.orderNo}-1.png`)).size).toBeGreaterThan(10_000);
  });
});

describe('/verify: each status and the original check', () => {
  it('says 有效, 已过期, 已撤销, 已转订单 and 已被新版本替代; an unknown number is 404', async () => {
    const who = await member();
    const { order } = await makeOrder(who);
    await statement(who, order.orderNo);
    const [row] = await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id));
    expect((await verify(row!.no)).data.status).toBe('valid');
    // lower case typed by hand finds it too
    expect((await verify(row!.no.toLowerCase())).data.no).toBe(row!.no);
    await t.db.update(sealedDocuments).set({ expiresAt: t.clock.now() }).where(eq(sealedDocuments.id, row!.id));
    expect(await verify(row!.no)).toMatchObject({ data: { status: 'expired', statusText: '已过期' } });
    await t.db.update(sealedDocuments).set({ convertedAt: t.clock.now(), convertedOrderId: order.id }).where(eq(sealedDocuments.id, row!.id));
    expect(await verify(row!.no)).toMatchObject({ data: { status: 'converted', statusText: '已转订单' } });
    const revoked = await post<DocumentVerifyView>('/api/admin/document/revoke', sales, { no: row!.no, reason: '金额有误，已重新出具' });
    expect(revoked).toMatchObject({ code: 1, msg: '文件已撤销', data: { status: 'revoked', statusText: '已撤销', statusNote: '撤销原因：金额有误，已重新出具' } });
    expect(await verify(row!.no)).toMatchObject({ data: { status: 'revoked' } });
    expect(await post('/api/admin/document/revoke', sales, { no: row!.no, reason: '再次' })).toMatchObject({ status: 409, msg: '该文件已撤销' });
    expect(await post('/api/admin/document/revoke', sales, { no: row!.no, reason: '' })).toMatchObject({ status: 400, msg: '[撤销原因]不能为空' });
    expect(await post('/api/admin/document/revoke', who, { no: row!.no, reason: 'x' })).toMatchObject({ status: 403 });
    const revokeAudit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'document.revoke'));
    expect(revokeAudit).toHaveLength(1);
    expect(await verify('QD2026120100000000')).toMatchObject({ code: 0, msg: '文件编号不存在' });
    expect(await verify('bad no!')).toMatchObject({ code: 0, msg: '[文件编号]不正确' });
  });

  it('an uploaded copy: the original matches; a changed byte, another sealed file or a non-PDF does not', async () => {
    const who = await member();
    const { order } = await makeOrder(who);
    const other = await makeOrder(who);
    const pdf = (await statement(who, order.orderNo)).rawPayload;
    const otherPdf = (await statement(who, other.order.orderNo)).rawPayload;
    const row = (await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id)))[0]!;
    expect(await check(row.no, pdf)).toMatchObject({ code: 1, data: { original: true, signatureValid: true, sha256: row.sha256, message: `与编号 ${row.no} 的存档原件完全一致` } });
    const tampered = Buffer.from(pdf);
    const at = tampered.indexOf('/Producer');
    tampered[at + 12] = tampered[at + 12]! ^ 0x01;
    expect(await check(row.no, tampered)).toMatchObject({ code: 1, data: { original: false, signatureValid: false, message: `不是编号 ${row.no} 的原件：文件内容在签名后被改动` } });
    expect(await check(row.no, otherPdf)).toMatchObject({ data: { original: false, signatureValid: true } });
    expect(await check(row.no, Buffer.from('just text'))).toMatchObject({ status: 400, code: 0, msg: '仅支持 PDF 文件' });
    expect(await check('QD2026120100000000', pdf)).toMatchObject({ status: 404, msg: '文件编号不存在' });
    expect(await docOf(row.no)).toMatchObject({ sha256: row.sha256 });
  });
});

describe('the 缴费通知书 of a pay-after-test order', () => {
  it('is sealed for an unsettled pay-later order, with the lab account; refused for a prepay or a paid order', async () => {
    const who = await member();
    const { order } = await makeOrder(who, { progress: 'testing' });
    await t.db.update(orders).set({ payLater: true, payment: 'unsettled' }).where(eq(orders.id, order.id));
    const res = await get('/api/auth/order/paymentNotice', who, { order_no: order.orderNo });
    expect(res.statusCode).toBe(200);
    expect(checkPdfSignature(res.rawPayload)).toMatchObject({ valid: true });
    const [row] = await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.orderId, order.id));
    expect(row).toMatchObject({ kind: 'payment_notice', amountFen: 16_000 });
    expect(row!.no).toMatch(/^JF\d{14}$/);
    expect(await verify(row!.no)).toMatchObject({ data: { kindText: '缴费通知书', status: 'valid' } });

    const prepay = await makeOrder(who);
    const refused = await get('/api/auth/order/paymentNotice', who, { order_no: prepay.order.orderNo });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: '缴费通知书仅用于先测后付订单；本订单请在线支付或使用预存款支付' });
    await t.db.update(orders).set({ payment: 'paid' }).where(eq(orders.id, order.id));
    expect((await get('/api/auth/order/paymentNotice', who, { order_no: order.orderNo })).json()).toMatchObject({ code: 0, msg: '该订单已支付，无需缴费通知书' });
  });
});

describe('amounts in 大写 (fenInWords)', () => {
  it('writes fen the way finance papers want them', () => {
    const cases: [number, string][] = [
      [0, '零元整'],
      [5, '伍分'],
      [50, '伍角'],
      [1005, '壹拾元零伍分'],
      [16_000, '壹佰陆拾元整'],
      [123_456, '壹仟贰佰叁拾肆元伍角陆分'],
      [1_000_000, '壹万元整'],
      [1_000_500, '壹万零伍元整'],
      [10_050_000, '壹拾万零伍佰元整'],
      [100_000_000, '壹佰万元整'],
      [10_000_000_500, '壹亿零伍元整'],
      [1_020_304_050, '壹仟零贰拾万叁仟零肆拾元伍角'],
      [-2_000, '负贰拾元整'],
    ];
    for (const [fen, words] of cases) expect([fen, fenInWords(fen)]).toEqual([fen, words]);
  });
});
