import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract, OrderDetail, Page } from '@lab/contract';
import type { TestContext } from '../../../test/harness';
import { ensureAgreement, type AdminContract } from './contracts.service';
import { contracts } from './requirements.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { makeBuyer, makeItem, makePlanLine } from './test-helpers';
import { contractCalls, contractsSuite, pdf, png, storedPath, zip, type ContractsSuite, type Staff } from './contracts.test-helpers';

/** Signing: the member uploads the signed copy (contract/upload, order/updateProtocolFile), sales sends and confirms contracts; an order placed through order/add end to end. */

let t: TestContext;
let sales: Staff;
let lab: Staff;
let suite: ContractsSuite;

beforeAll(async () => {
  suite = await contractsSuite();
  ({ t, sales, lab } = suite);
});
afterAll(() => t.close());

const { member, post, get, makeOrder, upload, labContract } = contractCalls(() => suite);

describe('contract/upload and contract/signed', () => {
  it('to_sign → signed; re-upload replaces the copy until confirmed; the signed copy downloads for the owner only', async () => {
    const who = await member();
    const other = await member();
    const { agreement } = await makeOrder(who);
    const rid = agreement!.rid;
    expect((await get('/api/auth/contract/signed', who, { rid })).json()).toMatchObject({ code: 0, msg: '签署文件不存在' });
    const first = await upload('/api/auth/contract/upload', who.token, { rid }, { content: png });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 1, msg: '签署件已上传，等待确认', data: { rid, status: 'signed', statusText: '已上传，待确认', hasSigned: true } });
    const [afterFirst] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(fs.existsSync(storedPath('protocols', afterFirst!.signedStoredName!))).toBe(true);

    const second = await upload('/api/auth/contract/upload', who.token, { rid }, { content: pdf, filename: 'signed.pdf' });
    expect(second.json()).toMatchObject({ code: 1, data: { status: 'signed' } });
    const [afterSecond] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(afterSecond!.signedType).toBe('application/pdf');
    expect(fs.existsSync(storedPath('protocols', afterFirst!.signedStoredName!))).toBe(false);

    const signed = await get('/api/auth/contract/signed', who, { rid });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(signed.rawPayload.equals(pdf)).toBe(true);
    expect((await get('/api/auth/contract/signed', other, { rid })).statusCode).toBe(404);
    expect((await get('/api/auth/contract/signed', who, {})).json()).toMatchObject({ msg: '[合同编号]不能为空' });

    // staff see the copy and confirm it; then it is final
    const staffCopy = await get('/api/admin/contract/signed', sales, { rid });
    expect(staffCopy.rawPayload.equals(pdf)).toBe(true);
    expect((await get('/api/admin/contract/signed', lab, { rid })).statusCode).toBe(403);
    expect(await post('/api/admin/contract/confirm', sales, { rid })).toMatchObject({ code: 1, msg: '合同已确认生效', data: { status: 'confirmed', statusText: '已生效' } });
    const late = await upload('/api/auth/contract/upload', who.token, { rid }, { content: png });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 0, msg: '合同已生效，不能重新上传签署件' });
    const [final] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(final!.signedStoredName).toBe(afterSecond!.signedStoredName);
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.map((m) => m.title)).toContain('合同已生效');
  });

  it('refuses other types by content, big files, no file, no rid, and another member contract', async () => {
    const who = await member();
    const other = await member();
    const { agreement } = await makeOrder(who);
    const rid = agreement!.rid;
    const fake = await upload('/api/auth/contract/upload', who.token, { rid }, { content: Buffer.from('<html><script>1</script></html>'), filename: 'x.pdf' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    expect((await upload('/api/auth/contract/upload', who.token, { rid }, { content: zip, filename: 'x.zip' })).json()).toMatchObject({ msg: '仅支持 PNG、JPG 图片或 PDF 文件' });
    const big = await upload('/api/auth/contract/upload', who.token, { rid }, { content: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ msg: '文件不能超过10MB' });
    expect((await upload('/api/auth/contract/upload', who.token, { rid })).json()).toMatchObject({ msg: '[文件]不能为空' });
    expect((await upload('/api/auth/contract/upload', who.token, {}, { content: png })).json()).toMatchObject({ msg: '[合同编号]不能为空' });
    const stranger = await upload('/api/auth/contract/upload', other.token, { rid }, { content: png });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ msg: '合同不存在' });
    expect((await upload('/api/auth/contract/upload', undefined, { rid }, { content: png })).statusCode).toBe(401);
    const [row] = await t.db.select().from(contracts).where(eq(contracts.rid, rid));
    expect(row).toMatchObject({ status: 'to_sign', signedStoredName: null });
  });
});

describe('order/listProtocolFile and order/updateProtocolFile', () => {
  it('lists the contracts of the member own order; another member order → 404', async () => {
    const who = await member();
    const other = await member();
    const { order, agreement } = await makeOrder(who);
    const res = await post<Contract[]>('/api/auth/order/listProtocolFile', who, { order_no: order.orderNo });
    expect(res).toMatchObject({ code: 1, data: [{ rid: agreement!.rid, kind: 'agreement', orderNo: order.orderNo, status: 'to_sign' }] });
    expect(await post('/api/auth/order/listProtocolFile', other, { order_no: order.orderNo })).toMatchObject({ status: 404, msg: '订单不存在' });
    expect(await post('/api/auth/order/listProtocolFile', who, { order_no: '' })).toMatchObject({ status: 400, msg: '[订单编号]不能为空' });
    expect(await post('/api/auth/order/listProtocolFile', who, { order_no: 'KY0000' })).toMatchObject({ status: 404 });
  });

  it('uploads the signed agreement of an order (creating the agreement row for an order without one)', async () => {
    const who = await member();
    const other = await member();
    const { order, agreement } = await makeOrder(who);
    const res = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: order.orderNo }, { content: png });
    expect(res.json()).toMatchObject({ code: 1, msg: '签署件已上传，等待确认', data: { rid: agreement!.rid, kind: 'agreement', status: 'signed', hasSigned: true, orderNo: order.orderNo } });
    expect((await get('/api/auth/contract/signed', who, { rid: agreement!.rid })).rawPayload.equals(png)).toBe(true);

    const bare = await makeOrder(who, { agreement: false });
    const created = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: bare.order.orderNo }, { content: pdf });
    expect(created.json()).toMatchObject({ code: 1, data: { kind: 'agreement', status: 'signed', orderNo: bare.order.orderNo } });
    expect(await t.db.select().from(contracts).where(eq(contracts.orderId, bare.order.id))).toHaveLength(1);

    const stranger = await upload('/api/auth/order/updateProtocolFile', other.token, { order_no: order.orderNo }, { content: png });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ msg: '订单不存在' });
    expect((await upload('/api/auth/order/updateProtocolFile', who.token, {}, { content: png })).json()).toMatchObject({ msg: '[订单编号]不能为空' });
    expect((await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: order.orderNo })).json()).toMatchObject({ msg: '[文件]不能为空' });
    const cancelled = await makeOrder(who, { progress: 'cancelled' });
    const refused = await upload('/api/auth/order/updateProtocolFile', who.token, { order_no: cancelled.order.orderNo }, { content: png });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: '订单已取消，无需上传协议' });
  });

  it('ensureAgreement keeps one agreement per order', async () => {
    const who = await member();
    const { order, agreement } = await makeOrder(who);
    const again = await ensureAgreement(t.db, order, t.clock.now());
    expect(again.rid).toBe(agreement!.rid);
    expect(await t.db.select().from(contracts).where(eq(contracts.orderId, order.id))).toHaveLength(1);
  });
});

describe('staff: contract/add, confirm, list', () => {
  it('sales sends a lab contract to a member, who is told in-site', async () => {
    const who = await member();
    const res = await upload('/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title: '企业客户检测服务框架合同' }, { content: pdf, filename: 'c.pdf' });
    expect(res.json()).toMatchObject({
      code: 1,
      msg: '合同已发送给客户',
      data: { kind: 'contract', status: 'to_sign', title: '企业客户检测服务框架合同', orderNo: null, member: { rid: who.member.rid, name: '李老师' } },
    });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.find((m) => m.title === '您有一份合同待签署')).toMatchObject({ link: '/experiment/contract' });
    // a Word file (zip container) is accepted from the lab
    expect((await upload('/api/admin/contract/add', sales.token, { member_rid: who.member.rid, title: '补充协议' }, { content: zip, filename: 'c.docx' })).json()).toMatchObject({ code: 1 });
    const staffFile = await get('/api/admin/contract/file', sales, { rid: res.json<{ data: AdminContract }>().data.rid });
    expect(staffFile.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses missing fields, unknown members, bad files, other roles', async () => {
    const who = await member();
    const add = (fields: Record<string, string>, content: Buffer | null = pdf, token = sales.token) =>
      upload('/api/admin/contract/add', token, fields, content ? { content, filename: 'c.pdf' } : undefined);
    expect((await add({ title: '合同' })).json()).toMatchObject({ code: 0, msg: '[客户]不能为空' });
    expect((await add({ member_rid: who.member.rid, title: ' ' })).json()).toMatchObject({ code: 0, msg: '[合同名称]不能为空' });
    const unknown = await add({ member_rid: 'unknown-member', title: '合同' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ msg: '客户不存在' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, Buffer.from('plain text'))).json()).toMatchObject({ msg: '仅支持 PDF、PNG、JPG、ZIP 文件' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, null)).json()).toMatchObject({ msg: '[文件]不能为空' });
    expect((await add({ member_rid: who.member.rid, title: '合同' }, pdf, lab.token)).statusCode).toBe(403);
    expect((await add({ member_rid: who.member.rid, title: '合同' }, pdf, who.token)).statusCode).toBe(403);
    expect(await t.db.select().from(contracts).where(eq(contracts.memberId, who.member.id))).toHaveLength(0);
  });

  it('confirm: signed → confirmed only; list with status filter for sales', async () => {
    const who = await member();
    const c = await labContract(who, '待确认的合同');
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ status: 409, msg: '客户尚未上传签署件，不能确认' });
    expect(await post('/api/admin/contract/confirm', sales, {})).toMatchObject({ status: 400, msg: '[合同编号]不能为空' });
    expect(await post('/api/admin/contract/confirm', sales, { rid: 'unknown-rid-000' })).toMatchObject({ status: 404, msg: '合同不存在' });
    expect(await post('/api/admin/contract/confirm', lab, { rid: c.rid })).toMatchObject({ status: 403 });
    await upload('/api/auth/contract/upload', who.token, { rid: c.rid }, { content: png });
    const pending = await post<Page<AdminContract>>('/api/admin/contract/list', sales, { status: 'signed', pageSize: 100 });
    expect(pending.data.list.find((x) => x.rid === c.rid)).toMatchObject({ status: 'signed', member: { rid: who.member.rid } });
    expect(pending.data.list.every((x) => x.status === 'signed')).toBe(true);
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ code: 1, data: { status: 'confirmed' } });
    expect(await post('/api/admin/contract/confirm', sales, { rid: c.rid })).toMatchObject({ status: 409, msg: '该合同已确认，请勿重复操作' });
    expect(await post<Page<Contract>>('/api/auth/contract/list', who, { status: 'confirmed' })).toMatchObject({ data: { total: 1, list: [{ rid: c.rid, statusText: '已生效' }] } });
    expect(await post('/api/admin/contract/list', lab, {})).toMatchObject({ status: 403 });
  });
});

describe('an order placed through order/add', () => {
  it('has its agreement listed, downloadable as HTML with the order number and escaped samples, and signable', async () => {
    const buyer = await makeBuyer(t);
    const testItem = await makeItem(t.db, { name: '拉曼光谱', priceFen: 12_000 });
    const line = await makePlanLine(t.db, buyer.member.id, testItem, { choices: { '1': 12 }, count: 2 }, t.clock.now());
    const placed = await post<OrderDetail>('/api/auth/order/add', buyer, {
      delivery: 'self',
      agree: '1',
      lines: JSON.stringify([{ id: line.rid, samples: [{ name: '<script>alert(1)</script>', count: 2, form: 'liquid' }] }]),
    });
    expect(placed.code).toBe(1);
    const orderNo = placed.data.orderNo;
    const protocols = await post<Contract[]>('/api/auth/order/listProtocolFile', buyer, { order_no: orderNo });
    expect(protocols.data).toHaveLength(1);
    const agreement = protocols.data[0]!;
    expect(agreement).toMatchObject({ kind: 'agreement', orderNo, status: 'to_sign' });
    const list = await post<Page<Contract>>('/api/auth/contract/list', buyer);
    expect(list.data.list.map((c) => c.rid)).toContain(agreement.rid);

    const res = await get('/api/auth/contract/download', buyer, { rid: agreement.rid });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`订单编号：<strong>${orderNo}</strong>`);
    expect(res.body).toContain('拉曼光谱');
    expect(res.body).toContain('测试模式：高分辨');
    expect(res.body).toContain('¥340.00');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; × 2（液体）');
    expect(res.body.match(/<script/g)).toHaveLength(1);

    const signed = await upload('/api/auth/order/updateProtocolFile', buyer.token, { order_no: orderNo }, { content: pdf });
    expect(signed.json()).toMatchObject({ code: 1, data: { rid: agreement.rid, status: 'signed' } });
    const stranger = await member();
    expect(await post('/api/auth/order/listProtocolFile', stranger, { order_no: orderNo })).toMatchObject({ status: 404 });
    expect((await get('/api/auth/contract/download', stranger, { rid: agreement.rid })).statusCode).toBe(404);
  });
});
