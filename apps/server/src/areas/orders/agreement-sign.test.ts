import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementSignView, DocumentVerifyView } from '@lab/contract';
import { createTestContext, lastSmsCode, type TestContext } from '../../../test/harness';
import { auditLog } from '../../db/schema';
import { checkPdfSignature } from '../../platform/pdf-signature';
import { smsCodes } from '../accounts/accounts.tables';
import { memberOf, post, progressCalls, progressContext } from './desk/progress.test-helpers';
import { sealedDocuments } from './documents/documents.tables';
import { contracts } from './requirements.tables';

/** The 委托检测服务协议 signed online by SMS code, sealed by the lab, and required before testing (decisions/0057). */

let t: TestContext;
let ctx: Awaited<ReturnType<typeof progressContext>>;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  ctx = await progressContext(t);
});
afterAll(() => t.close());

const { order, staffCall } = progressCalls(() => ({ t, ctx }));
type Member = Awaited<ReturnType<typeof memberOf>>;

const view = (who: Member, orderNo: string) => post<AgreementSignView>(t, '/api/auth/order/agreement', who, { order_no: orderNo });
const sendCode = (who: Member, orderNo: string) => post(t, '/api/auth/order/agreement/code', who, { order_no: orderNo });
/** agreement/sign from a phone's browser (the device recorded is its user agent) */
async function sign(who: Member, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/order/agreement/sign',
    headers: { token: who.token, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) LabTest' },
    payload: new URLSearchParams(form).toString(),
  });
  const body = res.json<{ code: number; msg: string; data: AgreementSignView }>();
  return { status: res.statusCode, ...body };
}
const pdfOf = (who: Member, orderNo: string) => t.app.inject({ method: 'GET', url: '/api/auth/order/agreement/pdf', query: { order_no: orderNo }, headers: { token: who.token } });
const verify = (no: string) => t.app.inject({ method: 'GET', url: '/api/open/document/verify', query: { no } }).then((r) => r.json<{ data: DocumentVerifyView }>().data);

/** Reads, asks for the code and signs: the answer of agreement/sign. */
async function signOnline(who: Member, orderNo: string) {
  const read = await view(who, orderNo);
  expect(read).toMatchObject({ status: 200, code: 1 });
  expect(await sendCode(who, orderNo)).toMatchObject({ status: 200, code: 1 });
  const code = await lastSmsCode(t.db, who.member.phone);
  return sign(who, { order_no: orderNo, code, content_sha256: read.data.contentSha256 });
}

describe('the agreement signed online', () => {
  it('shows the text drawn from the order with its SHA-256; an SMS code of its own purpose signs it; time, IP, device and hash are recorded; the lab seal is applied', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample' });
    const read = await view(m, row.orderNo);
    expect(read).toMatchObject({ status: 200, code: 1, data: { orderNo: row.orderNo, status: 'to_sign', required: false, cannotSign: '', signature: null } });
    expect(read.data.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(read.data.document.parties).toContainEqual(['订单编号', row.orderNo]);
    expect(read.data.document.lines).toHaveLength(1);
    expect(read.data.document.clauses.length).toBeGreaterThan(3);
    // the same order reads the same text again (the hash does not depend on the time)
    t.clock.advance(5 * 60_000);
    expect((await view(m, row.orderNo)).data.contentSha256).toBe(read.data.contentSha256);

    expect(await sendCode(m, row.orderNo)).toMatchObject({ status: 200, code: 1, msg: '验证码已发送' });
    const [sent] = await t.db.select().from(smsCodes).where(eq(smsCodes.phone, m.member.phone));
    expect(sent!.purpose).toBe(7);
    const code = await lastSmsCode(t.db, m.member.phone);

    // bad input changes nothing: a wrong hash (the text changed), a wrong code
    expect(await sign(m, { order_no: row.orderNo, code, content_sha256: 'a'.repeat(64) })).toMatchObject({ status: 409, msg: '协议内容已更新（订单或协议条款有变化），请重新阅读后再签署' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await sign(m, { order_no: row.orderNo, code: wrong, content_sha256: read.data.contentSha256 })).toMatchObject({ code: 0, msg: '验证码错误，还可尝试4次' });
    expect(await sign(m, { order_no: row.orderNo, code, content_sha256: 'xyz' })).toMatchObject({ status: 400, msg: '[协议摘要]不正确' });
    expect((await t.db.select().from(contracts).where(eq(contracts.orderId, row.id)))[0]).toMatchObject({ status: 'to_sign', signMethod: null });

    const signed = await sign(m, { order_no: row.orderNo, code, content_sha256: read.data.contentSha256 });
    expect(signed).toMatchObject({ status: 200, code: 1, msg: '协议已签署并加盖实验室电子签章', data: { status: 'confirmed', statusText: '已生效', cannotSign: '协议已在线签署并生效' } });
    const signature = signed.data.signature!;
    expect(signature).toMatchObject({ method: 'online', signedAt: t.clock.now().toISOString(), contentSha256: read.data.contentSha256 });
    const [agreement] = await t.db.select().from(contracts).where(eq(contracts.orderId, row.id));
    expect(agreement).toMatchObject({ status: 'confirmed', signMethod: 'online', signedContentSha256: read.data.contentSha256, signedIp: '127.0.0.1', signedDevice: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) LabTest', signedDocumentNo: signature.documentNo });

    // the sealed PDF: a signature that validates, in the register under XY…, on /verify as 有效
    const pdf = await pdfOf(m, row.orderNo);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(checkPdfSignature(pdf.rawPayload)).toMatchObject({ valid: true });
    const [doc] = await t.db.select().from(sealedDocuments).where(eq(sealedDocuments.no, signature.documentNo!));
    expect(doc).toMatchObject({ kind: 'agreement', orderId: row.id, memberId: m.member.id });
    expect(signature.documentNo).toMatch(/^XY/);
    expect(await verify(signature.documentNo!)).toMatchObject({ kind: 'agreement', kindText: '委托检测服务协议', status: 'valid', statusText: '有效', orderNo: row.orderNo });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.memberId, m.member.id), eq(auditLog.action, 'agreement.sign')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ ip: '127.0.0.1', targetKey: agreement!.rid });

    // the signed PDF is the order's agreement in the reimbursement pack
    const packStatus = await post<{ pieces: { kind: string; present: boolean; name: string }[] }>(t, '/api/auth/reimbursement/status', m, { order_no: row.orderNo });
    expect(packStatus.data.pieces.find((p) => p.kind === 'agreement')).toMatchObject({ present: true, name: `${row.orderNo}/2-委托检测服务协议.pdf` });

    // the code is spent, and a signed agreement is not signed again
    expect(await sign(m, { order_no: row.orderNo, code, content_sha256: read.data.contentSha256 })).toMatchObject({ status: 409, msg: '协议已在线签署并生效' });
    t.clock.advance(61_000);
    expect(await sendCode(m, row.orderNo)).toMatchObject({ status: 409, msg: '协议已在线签署并生效' });
    // and the order's agreement in the list says 已生效
    const list = await post<{ status: string }[]>(t, '/api/auth/order/listProtocolFile', m, { order_no: row.orderNo });
    expect(list.data[0]).toMatchObject({ status: 'confirmed' });
  });

  it('is the member’s own: another member’s order is 404, a cancelled order cannot be signed, no PDF before signing', async () => {
    const { m, row } = await order({ progress: 'awaiting_sample' });
    const other = await memberOf(t);
    expect(await view(other, row.orderNo)).toMatchObject({ status: 404 });
    expect(await sendCode(other, row.orderNo)).toMatchObject({ status: 404 });
    expect((await pdfOf(m, row.orderNo)).statusCode).toBe(404);
    const cancelled = await order({ progress: 'cancelled' }, m);
    expect(await view(m, cancelled.row.orderNo)).toMatchObject({ status: 200, data: { status: 'closed', cannotSign: '订单已取消，无需签署协议' } });
    expect(await sendCode(m, cancelled.row.orderNo)).toMatchObject({ status: 409, msg: '订单已取消，无需签署协议' });
  });
});

describe('testing waits for the signed agreement where the lab requires one', () => {
  it('an enterprise customer’s paid order: 409 naming what is missing, the desk shows it; signed online, testing starts', async () => {
    const { m, row } = await order({ progress: 'received', payment: 'paid', organization: 2 });
    const missing = '企业客户的订单须签署委托检测服务协议后才能开始测试：委托检测服务协议未生效，客户尚未签署（可在订单页在线签署，或打印签字后上传）';
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 409, code: 0, msg: missing });
    expect((await post<{ blocked: Record<string, string> }>(t, '/api/admin/orders/detail', ctx.lab, { order_no: row.orderNo })).data.blocked).toEqual({ test: missing });
    expect((await view(m, row.orderNo)).data).toMatchObject({ required: true, requiredReason: '企业客户的订单须签署委托检测服务协议后才能开始测试' });

    expect(await signOnline(m, row.orderNo)).toMatchObject({ status: 200, data: { status: 'confirmed' } });
    expect((await post<{ blocked: Record<string, string> }>(t, '/api/admin/orders/detail', ctx.lab, { order_no: row.orderNo })).data.blocked).toEqual({});
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 200, data: { progress: 'testing' } });
  });

  it('an order over the threshold admin sets: refused while only uploaded, passes once sales confirm; below the threshold nothing is asked', async () => {
    expect(await post(t, '/api/admin/content/settings/agreementRule', ctx.admin, { from: 'abc' })).toMatchObject({ status: 400, code: 0 });
    expect(await post(t, '/api/admin/content/settings/agreementRule', ctx.admin, { from: '500' })).toMatchObject({ status: 200, code: 1, data: { fromFen: 50_000 } });
    expect((await post<{ agreementRule: unknown }>(t, '/api/admin/content/settings', ctx.admin)).data.agreementRule).toEqual({ fromFen: 50_000 });

    const below = await order({ progress: 'received', payment: 'paid', totalFen: 49_999 });
    expect((await view(below.m, below.row.orderNo)).data).toMatchObject({ required: false, requiredReason: '' });
    expect(await staffCall('test', ctx.lab, { order_no: below.row.orderNo })).toMatchObject({ status: 200, data: { progress: 'testing' } });

    const { m, row } = await order({ progress: 'received', payment: 'paid', totalFen: 50_000 });
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 409, msg: '订单应付金额 ¥500.00 达到 ¥500.00，须签署委托检测服务协议后才能开始测试：委托检测服务协议未生效，客户尚未签署（可在订单页在线签署，或打印签字后上传）' });
    // printed, signed and uploaded: still waits for sales to confirm the copy
    const agreement = (await view(m, row.orderNo)).data;
    await t.db.update(contracts).set({ status: 'signed', signedStoredName: 'x.pdf', signedType: 'application/pdf', signedAt: t.clock.now() }).where(eq(contracts.rid, agreement.rid));
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 409, msg: '订单应付金额 ¥500.00 达到 ¥500.00，须签署委托检测服务协议后才能开始测试：委托检测服务协议未生效，客户已上传签署件，待销售在合同管理中确认' });
    expect(await post(t, '/api/admin/contract/confirm', ctx.sales, { rid: agreement.rid })).toMatchObject({ status: 200, code: 1 });
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 200, data: { progress: 'testing' } });

    expect(await post(t, '/api/admin/content/settings/agreementRule', ctx.admin, { from: '' })).toMatchObject({ status: 200, data: { fromFen: null } });
  });
});

describe('staff revoke a sealed agreement', () => {
  it('with a reason, audited: /verify says 已撤销 and why; the agreement is to be signed again and testing waits for it', async () => {
    const { m, row } = await order({ progress: 'received', payment: 'paid', organization: 2 });
    const signed = await signOnline(m, row.orderNo);
    const no = signed.data.signature!.documentNo!;
    expect(await post(t, '/api/admin/document/revoke', ctx.sales, { no, reason: '' })).toMatchObject({ status: 400, code: 0 });
    expect(await post(t, '/api/admin/document/revoke', ctx.lab, { no, reason: '签署人非委托单位' })).toMatchObject({ status: 403 });
    const revoked = await post<DocumentVerifyView>(t, '/api/admin/document/revoke', ctx.sales, { no, reason: '签署人非委托单位' });
    expect(revoked).toMatchObject({ status: 200, code: 1, data: { status: 'revoked', statusText: '已撤销', statusNote: '撤销原因：签署人非委托单位' } });
    expect(await verify(no)).toMatchObject({ status: 'revoked', statusText: '已撤销', statusNote: '撤销原因：签署人非委托单位' });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'document.revoke'), eq(auditLog.targetKey, no)));
    expect(audit).toMatchObject({ staffId: ctx.sales.id });
    expect(await post(t, '/api/admin/document/revoke', ctx.sales, { no, reason: '再次' })).toMatchObject({ status: 409, msg: '该文件已撤销' });

    expect((await view(m, row.orderNo)).data).toMatchObject({ status: 'to_sign', signature: null, cannotSign: '' });
    expect((await pdfOf(m, row.orderNo)).statusCode).toBe(404);
    expect(await staffCall('test', ctx.lab, { order_no: row.orderNo })).toMatchObject({ status: 409, msg: expect.stringContaining('客户尚未签署') });
  });
});
