import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminExchangeItem, AdminPartnerApplication, ExchangeItem, ExchangeRecord, PointsApplication } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { makeLoggedInMember } from '../../../test/factories';
import { randomId } from '../../platform/crypto';
import { insertAddress } from '../member/addresses.service';
import { auditCount, auditRowsOf, creditMember, lastMessage, memberPost, staffOf, staffPost, type Person, type Staff } from '../member/member-admin.test-helpers';
import { exchangeItems, promoterApplications } from './growth.tables';

/**
 * The growth calls sales uses in the back office (推广合伙人, 论文致谢奖励, the exchange catalogue
 * and gifts to ship): each change writes its audit row, a refused one writes none. The
 * decisions themselves are tested with their module (promotion.test.ts, withdrawals.test.ts, points.test.ts, points-exchange.test.ts).
 */

let t: TestContext;
let sales: Staff;
let lab: Staff;
let finance: Staff;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  [sales, lab, finance] = await Promise.all([staffOf(t, 'sales'), staffOf(t, 'lab'), staffOf(t, 'finance')]);
});
afterAll(() => t?.close());

const member = () => makeLoggedInMember(t.db, t.clock.now(), { name: '李老师' });

async function pendingPartner(who: Person) {
  const [row] = await t.db
    .insert(promoterApplications)
    .values({ rid: randomId(), memberId: who.member.id, name: '李老师', phone: who.member.phone, organization: '同济大学', channel: '课题组群', createdAt: t.clock.now() })
    .returning();
  return row!;
}

describe('推广合伙人 (growth/partner/…)', () => {
  it('writes the approval with the application before and after; the member is told', async () => {
    const who = await member();
    const application = await pendingPartner(who);
    const res = await staffPost<AdminPartnerApplication>(t, '/api/admin/growth/partner/approve', sales, { rid: application.rid });
    expect(res).toMatchObject({ status: 200, msg: '已通过', data: { status: 'approved', statusText: '已通过', member: { rid: who.member.rid } } });
    const [row] = await auditRowsOf(t.db, 'partner.approve', application.rid);
    expect(row).toMatchObject({ staffId: sales.id, actionLabel: '通过推广合伙人申请', entity: 'partner', input: { rid: application.rid } });
    expect(row!.before).toMatchObject({ rid: application.rid, memberRid: who.member.rid, status: 'pending', decidedBy: null });
    expect(row!.after).toMatchObject({ status: 'approved', decidedBy: sales.id });
    expect(await lastMessage(t.db, who.member.id)).toMatchObject({ title: '推广合伙人申请已通过' });
  });

  it('writes a refusal with its reason; a refusal without one, a second decision or another role writes nothing', async () => {
    const who = await member();
    const application = await pendingPartner(who);
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/growth/partner/refuse', sales, { rid: application.rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    expect(await staffPost(t, '/api/admin/growth/partner/refuse', finance, { rid: application.rid, reason: '资料不全' })).toMatchObject({ status: 403 });
    expect(await auditCount(t.db)).toBe(before);

    expect(await staffPost(t, '/api/admin/growth/partner/refuse', sales, { rid: application.rid, reason: '推广渠道不明确' })).toMatchObject({ status: 200, msg: '已驳回' });
    const [row] = await auditRowsOf(t.db, 'partner.refuse', application.rid);
    expect(row).toMatchObject({ input: { rid: application.rid, reason: '推广渠道不明确' }, after: expect.objectContaining({ status: 'refused', reason: '推广渠道不明确' }) });
    const after = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/growth/partner/approve', sales, { rid: application.rid })).toMatchObject({ status: 409 });
    expect(await auditCount(t.db)).toBe(after);
  });

  it('lists applications by status for sales only', async () => {
    const who = await member();
    const application = await pendingPartner(who);
    const list = await staffPost<{ list: AdminPartnerApplication[] }>(t, '/api/admin/growth/partner/list', sales, { status: 'pending' });
    expect(list.data.list.map((a) => a.rid)).toContain(application.rid);
    expect(await staffPost(t, '/api/admin/growth/partner/list', sales, { status: 'x' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
    expect(await staffPost(t, '/api/admin/growth/partner/list', lab, {})).toMatchObject({ status: 403 });
  });
});

describe('论文致谢奖励 (growth/points/…)', () => {
  const apply = async (who: Person, title: string) => {
    const res = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', who, { title, journal: 'Advanced Materials', doi: '10.1002/adma.2026' });
    expect(res.code).toBe(1);
    return res.data;
  };

  it('writes the approval with the points awarded, and the refusal with its reason', async () => {
    const who = await member();
    const a = await apply(who, '钙钛矿薄膜的 XRD 表征');
    expect(await staffPost(t, '/api/admin/growth/points/approve', sales, { rid: a.rid, version: await versionOf(t.db, 'points', a.rid), points: 800 })).toMatchObject({ status: 200, msg: '已通过，积分已发放' });
    const [approved] = await auditRowsOf(t.db, 'points.approve', a.rid);
    expect(approved).toMatchObject({ actionLabel: '通过论文致谢奖励', entity: 'pointsApplication', input: { rid: a.rid, points: 800 } });
    expect(approved!.before).toMatchObject({ title: '钙钛矿薄膜的 XRD 表征', status: 'pending', points: null });
    expect(approved!.after).toMatchObject({ status: 'approved', points: 800, decidedBy: sales.id });

    const b = await apply(who, '未致谢的论文');
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/growth/points/approve', sales, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid) })).toMatchObject({ status: 400, msg: '[奖励积分]不能为空' });
    expect(await staffPost(t, '/api/admin/growth/points/refuse', lab, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid), reason: 'x' })).toMatchObject({ status: 403 });
    expect(await auditCount(t.db)).toBe(before);
    expect(await staffPost(t, '/api/admin/growth/points/refuse', sales, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid), reason: '论文未致谢本实验室' })).toMatchObject({ status: 200 });
    expect((await auditRowsOf(t.db, 'points.refuse', b.rid))[0]).toMatchObject({ after: expect.objectContaining({ status: 'refused', reason: '论文未致谢本实验室' }) });
  });
});

describe('兑换商品 (growth/exchange/add, edit, status) and gifts (ship)', () => {
  const add = (fields: Record<string, unknown>) => staffPost<AdminExchangeItem>(t, '/api/admin/growth/exchange/add', sales, { kind: 'gift', ...fields });
  const catalogue = async (who: Person) => (await memberPost<ExchangeItem[]>(t, '/api/auth/web/integration/list4exchange', who)).data;

  it('adds a gift with its picture; the audit names the new item', async () => {
    const res = await add({ name: '实验室定制保温杯', description: '316 不锈钢，500 ml', points: 1500, stock: 20, img: '/upload/img/u/cup.png', sort: 3 });
    expect(res).toMatchObject({
      status: 200,
      msg: '兑换商品已添加',
      data: { name: '实验室定制保温杯', kind: 'gift', img: '/upload/img/u/cup.png', points: 1500, totalStock: 20, stock: 20, exchangedCount: 0, active: true, sort: 3 },
    });
    const [row] = await auditRowsOf(t.db, 'exchange.item.add', res.data.rid);
    expect(row).toMatchObject({ actionLabel: '新增兑换商品', entity: 'exchangeItem', before: null, after: expect.objectContaining({ name: '实验室定制保温杯', points: 1500, stock: 20, active: true }) });
    expect(await add({ name: '杯子', points: 10, img: 'https://evil.example/x.png' })).toMatchObject({ status: 400, msg: '[图片]请通过上传按钮选择' });
    expect(await add({ name: '杯子', points: 10, img: '/upload/img/../../etc/passwd' })).toMatchObject({ status: 400, msg: '[图片]请通过上传按钮选择' });
  });

  it('edits name, text, points and stock; the stock never drops below what was exchanged', async () => {
    const created = (await add({ name: '帆布袋', points: 300, stock: 5 })).data;
    const who = await member();
    await creditMember(t.db, who.member.id, 1_000, 'points', t.clock.now());
    const address = await insertAddress(t.db, who.member.id, { name: '李老师', phone: who.member.phone, region: { province: '上海市', city: '上海市', area: '徐汇区', addressCode: '310104' }, address: '漕溪北路1号', makeDefault: true }, t.clock.now());
    for (let i = 0; i < 2; i++) expect((await memberPost<ExchangeRecord>(t, '/api/auth/integration/applyExchange', who, { rid: created.rid, address_rid: address.rid })).code).toBe(1);

    const res = await staffPost<AdminExchangeItem>(t, '/api/admin/growth/exchange/edit', sales, { rid: created.rid, name: '实验室帆布袋', description: '印有实验室标志', points: 400, stock: 2 });
    expect(res).toMatchObject({ status: 200, msg: '兑换商品已保存', data: { name: '实验室帆布袋', points: 400, totalStock: 2, stock: 0, exchangedCount: 2 } });
    const [row] = await auditRowsOf(t.db, 'exchange.item.edit', created.rid);
    expect(row).toMatchObject({ before: expect.objectContaining({ name: '帆布袋', points: 300, stock: 5 }), after: expect.objectContaining({ name: '实验室帆布袋', points: 400, stock: 2 }) });

    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/growth/exchange/edit', sales, { rid: created.rid, name: '实验室帆布袋', points: 400, stock: 1 })).toMatchObject({ status: 409, msg: '库存不能少于已兑换的数量（2）' });
    expect(await staffPost(t, '/api/admin/growth/exchange/edit', sales, { rid: created.rid, name: '实验室帆布袋', points: '' })).toMatchObject({ status: 400, msg: '[所需积分]不能为空' });
    expect(await staffPost(t, '/api/admin/growth/exchange/edit', sales, { rid: 'nope', name: 'x', points: 1 })).toMatchObject({ status: 404, msg: '兑换商品不存在' });
    expect(await staffPost(t, '/api/admin/growth/exchange/edit', lab, { rid: created.rid, name: 'x', points: 1 })).toMatchObject({ status: 403 });
    expect(await auditCount(t.db)).toBe(before);
    // empty stock: unlimited again
    expect(await staffPost<AdminExchangeItem>(t, '/api/admin/growth/exchange/edit', sales, { rid: created.rid, name: '实验室帆布袋', points: 400, stock: '' })).toMatchObject({ data: { totalStock: null, stock: null } });
  });

  it('withdraws an item (members no longer see or exchange it) and puts it back', async () => {
    const created = (await add({ name: `限时礼品${randomId(4)}`, points: 100 })).data;
    const who = await member();
    expect((await catalogue(who)).map((i) => i.rid)).toContain(created.rid);

    const off = await staffPost<AdminExchangeItem>(t, '/api/admin/growth/exchange/status', sales, { rid: created.rid, active: '0' });
    expect(off).toMatchObject({ status: 200, msg: '兑换商品已下架', data: { active: false } });
    expect((await catalogue(who)).map((i) => i.rid)).not.toContain(created.rid);
    expect(await memberPost(t, '/api/auth/integration/applyExchange', who, { rid: created.rid })).toMatchObject({ status: 404, msg: '兑换商品不存在' });
    const [row] = await auditRowsOf(t.db, 'exchange.item.status', created.rid);
    expect(row).toMatchObject({ actionLabel: '上架/下架兑换商品', before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });

    expect(await staffPost(t, '/api/admin/growth/exchange/status', sales, { rid: created.rid, active: '1' })).toMatchObject({ status: 200, msg: '兑换商品已上架', data: { active: true } });
    expect(await staffPost(t, '/api/admin/growth/exchange/status', sales, { rid: created.rid })).toMatchObject({ status: 400, msg: '[上架状态]不能为空' });
    const [stored] = await t.db.select().from(exchangeItems).where(eq(exchangeItems.rid, created.rid));
    expect(stored!.active).toBe(1);
  });

  it('writes the shipping of a gift; shipping it again writes nothing', async () => {
    const gift = (await add({ name: '定制笔记本', points: 200 })).data;
    const who = await member();
    await creditMember(t.db, who.member.id, 500, 'points', t.clock.now());
    const address = await insertAddress(t.db, who.member.id, { name: '李老师', phone: who.member.phone, region: { province: '上海市', city: '上海市', area: '徐汇区', addressCode: '310104' }, address: '漕溪北路1号', makeDefault: true }, t.clock.now());
    const exchange = (await memberPost<ExchangeRecord>(t, '/api/auth/integration/applyExchange', who, { rid: gift.rid, address_rid: address.rid })).data;
    expect(await staffPost(t, '/api/admin/growth/exchange/ship', sales, { rid: exchange.rid, note: '顺丰 SF1234567890' })).toMatchObject({ status: 200, msg: '已标记为发货' });
    const [row] = await auditRowsOf(t.db, 'exchange.ship', exchange.rid);
    expect(row).toMatchObject({ entity: 'exchange', input: { rid: exchange.rid, note: '顺丰 SF1234567890' }, before: expect.objectContaining({ status: 'to_ship', item: '定制笔记本' }), after: expect.objectContaining({ status: 'shipped' }) });
    const before = await auditCount(t.db);
    expect(await staffPost(t, '/api/admin/growth/exchange/ship', sales, { rid: exchange.rid })).toMatchObject({ status: 409 });
    expect(await auditCount(t.db)).toBe(before);
  });
});
