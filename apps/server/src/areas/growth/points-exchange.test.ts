import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeItem, ExchangeRecord, Page } from '@lab/contract';
import { createTestContext, testDbKind, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { memberCoupons } from '../funds/funds.tables';
import { memberAddresses } from '../member/member.tables';
import { pointsExchanges } from './growth.tables';
import { pointsKit } from './points.test-helpers';

let t: TestContext;
let sales: { token: string };
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  sales = await makeStaff(t.db, 'sales', t.clock.now());
});
afterAll(() => t.close());

const { post, member, givePoints, pointsOf, entriesOf, messagesOf, addAddress, template, item, itemRow } = pointsKit(() => t);

describe('the exchange catalogue', () => {
  it('lists active items with the stock left and whether I can afford each', async () => {
    const who = await member();
    await givePoints(who.member.id, 150);
    const cheap = await item({ points: 100, stock: 3 });
    const dear = await item({ points: 200, stock: null });
    const gone = await item({ points: 10, stock: 0 });
    const hidden = await item({ points: 10, active: 0 });
    const res = await post<ExchangeItem[]>('/api/auth/web/integration/list4exchange', who);
    const byRid = new Map(res.data.map((i) => [i.rid, i]));
    expect(byRid.get(cheap.rid)).toMatchObject({ stock: 3, available: true, kind: 'gift', points: 100 });
    expect(byRid.get(dear.rid)).toMatchObject({ stock: null, available: false });
    expect(byRid.get(gone.rid)).toMatchObject({ stock: 0, available: false });
    expect(byRid.has(hidden.rid)).toBe(false);
  });
});

describe('integration/applyExchange', () => {
  it('exchanges a coupon item: points debited (exchange:<rid>), stock taken, the coupon issued from the template', async () => {
    const who = await member();
    await givePoints(who.member.id, 1000);
    const tpl = await template();
    const coupon = await item({ kind: 'coupon', points: 400, stock: 5, templateId: tpl.id });
    const res = await post<ExchangeRecord>('/api/auth/integration/applyExchange', who, { rid: coupon.rid });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '兑换成功', data: { kind: 'coupon', points: 400, status: 'done', statusText: '已兑换', itemName: '测试券' } });
    expect(await pointsOf(who.member.id)).toBe(600);
    const entries = await entriesOf(`exchange:${res.data.rid}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'points_exchange', amountFen: -400 });
    expect((await itemRow(coupon.id)).exchangedCount).toBe(1);
    const coupons = await t.db.select().from(memberCoupons).where(and(eq(memberCoupons.memberId, who.member.id), eq(memberCoupons.templateId, tpl.id)));
    expect(coupons).toHaveLength(1);
    const mine = await post<Page<ExchangeRecord>>('/api/auth/integration/exchanges', who, {});
    expect(mine.data.list.map((e) => e.rid)).toEqual([res.data.rid]);
  });

  it('a coupon the template no longer allows (per-member limit) undoes the whole exchange', async () => {
    const who = await member();
    await givePoints(who.member.id, 1000);
    const coupon = await item({ kind: 'coupon', points: 100, stock: 5, templateId: (await template(1)).id });
    expect((await post('/api/auth/integration/applyExchange', who, { rid: coupon.rid })).code).toBe(1);
    expect(await post('/api/auth/integration/applyExchange', who, { rid: coupon.rid })).toMatchObject({ status: 409, msg: '每人限领1张，您已领取' });
    expect(await pointsOf(who.member.id)).toBe(900);
    expect((await itemRow(coupon.id)).exchangedCount).toBe(1);
  });

  it('exchanges a gift to one of my addresses (the text kept as it was) and staff ship it', async () => {
    const who = await member();
    await givePoints(who.member.id, 500);
    const gift = await item({ points: 300, stock: 2 });
    const address = await addAddress(who.member.id);
    expect(await post('/api/auth/integration/applyExchange', who, { rid: gift.rid })).toMatchObject({ status: 400, msg: '[收货地址]不能为空' });
    const stranger = await member();
    const theirs = await addAddress(stranger.member.id);
    expect(await post('/api/auth/integration/applyExchange', who, { rid: gift.rid, address_rid: theirs.rid })).toMatchObject({ status: 404, msg: '收货地址不存在' });
    const res = await post<ExchangeRecord>('/api/auth/integration/applyExchange', who, { rid: gift.rid, address_rid: address.rid });
    expect(res.data).toMatchObject({ kind: 'gift', status: 'to_ship', statusText: '待发货' });
    await t.db.update(memberAddresses).set({ address: '已搬走' }).where(eq(memberAddresses.id, address.id));
    const [row] = await t.db.select().from(pointsExchanges).where(eq(pointsExchanges.rid, res.data.rid));
    expect(row!.shipTo).toBe('李老师 13700137000 上海市徐汇区漕溪北路1号 材料楼 201');

    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    expect((await post('/api/admin/growth/exchange/ship', lab, { rid: res.data.rid })).status).toBe(403);
    expect(await post('/api/admin/growth/exchange/ship', sales, {})).toMatchObject({ status: 400, msg: '[兑换记录]不能为空' });
    expect(await post('/api/admin/growth/exchange/ship', sales, { rid: 'nope' })).toMatchObject({ status: 404, msg: '兑换记录不存在' });
    const listed = await post<Page<ExchangeRecord & { shipTo: string }>>('/api/admin/growth/exchange/list', sales, { status: 'to_ship' });
    expect(listed.data.list.find((e) => e.rid === res.data.rid)?.shipTo).toContain('漕溪北路1号');
    const shipped = await post<ExchangeRecord>('/api/admin/growth/exchange/ship', sales, { rid: res.data.rid, note: '顺丰 SF123456' });
    expect(shipped).toMatchObject({ status: 200, data: { status: 'shipped', statusText: '已发货' } });
    expect(await post('/api/admin/growth/exchange/ship', sales, { rid: res.data.rid })).toMatchObject({ status: 409, msg: '该兑换已发货，不能发货' });
    expect((await messagesOf(who.member.id)).map((m) => m.title)).toEqual(expect.arrayContaining(['积分兑换成功', '积分兑换礼品已发货']));
  });

  it('refuses an unknown or withdrawn item, a missing rid, too few points and an empty stock — taking nothing', async () => {
    const who = await member();
    await givePoints(who.member.id, 100);
    const address = await addAddress(who.member.id);
    expect(await post('/api/auth/integration/applyExchange', who, {})).toMatchObject({ status: 400, msg: '[兑换商品]不能为空' });
    expect(await post('/api/auth/integration/applyExchange', who, { rid: 'nope' })).toMatchObject({ status: 404, msg: '兑换商品不存在' });
    const hidden = await item({ points: 10, active: 0 });
    expect(await post('/api/auth/integration/applyExchange', who, { rid: hidden.rid, address_rid: address.rid })).toMatchObject({ status: 404 });
    const dear = await item({ points: 101, stock: 5 });
    expect(await post('/api/auth/integration/applyExchange', who, { rid: dear.rid, address_rid: address.rid })).toMatchObject({ status: 409, msg: '积分不足' });
    expect((await itemRow(dear.id)).exchangedCount).toBe(0);
    const empty = await item({ points: 10, stock: 0 });
    expect(await post('/api/auth/integration/applyExchange', who, { rid: empty.rid, address_rid: address.rid })).toMatchObject({ status: 409, msg: '该商品已兑完' });
    expect(await pointsOf(who.member.id)).toBe(100);
    expect(await t.db.select().from(pointsExchanges).where(eq(pointsExchanges.memberId, who.member.id))).toHaveLength(0);
  });

  it(`gives the last item in stock to exactly one of 10 members exchanging at once (${testDbKind})`, async () => {
    const last = await item({ kind: 'coupon', points: 100, stock: 1, templateId: (await template()).id });
    const people = await Promise.all(Array.from({ length: 10 }, () => member()));
    for (const p of people) await givePoints(p.member.id, 100);
    const results = await Promise.all(people.map((p) => post('/api/auth/integration/applyExchange', p, { rid: last.rid })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.msg === '该商品已兑完')).toHaveLength(9);
    const row = await itemRow(last.id);
    expect(row.exchangedCount).toBe(1);
    expect(row.stock! - row.exchangedCount).toBeGreaterThanOrEqual(0);
    expect(await t.db.select().from(pointsExchanges).where(eq(pointsExchanges.itemId, last.id))).toHaveLength(1);
    const balances = await Promise.all(people.map((p) => pointsOf(p.member.id)));
    expect(balances.sort()).toEqual([0, 100, 100, 100, 100, 100, 100, 100, 100, 100]);
  });

  it('one member racing their own balance: exchanges never spend more points than held', async () => {
    const who = await member();
    await givePoints(who.member.id, 250);
    const cheap = await item({ kind: 'coupon', points: 100, stock: null, templateId: (await template(20)).id });
    const results = await Promise.all(Array.from({ length: 6 }, () => post('/api/auth/integration/applyExchange', who, { rid: cheap.rid })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(2);
    expect(results.filter((r) => r.msg === '积分不足')).toHaveLength(4);
    expect(await pointsOf(who.member.id)).toBe(50);
    expect((await itemRow(cheap.id)).exchangedCount).toBe(2);
  });
});

describe('staff: exchange items', () => {
  it('adds coupon and gift items (sales or admin) and lists them with what was exchanged', async () => {
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    const tpl = await template();
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '券', kind: 'coupon', points: 100 })).toMatchObject({ status: 400, msg: '[优惠券模板]不能为空' });
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '券', kind: 'coupon', points: 100, coupon_template_rid: 'nope' })).toMatchObject({ status: 404, msg: '优惠券模板不存在' });
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '', kind: 'gift', points: 100 })).toMatchObject({ status: 400, msg: '[名称]不能为空' });
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '杯子', kind: 'cup', points: 100 })).toMatchObject({ status: 400, msg: '[类型]不正确' });
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '杯子', kind: 'gift', points: 0 })).toMatchObject({ status: 400, msg: '[所需积分]不能小于1' });
    expect(await post('/api/admin/growth/exchange/add', sales, { name: '杯子', kind: 'gift', points: 10, stock: -1 })).toMatchObject({ status: 400, msg: '[库存]不能小于0' });
    const coupon = await post<{ rid: string; couponTemplateRid: string; stock: number | null }>('/api/admin/growth/exchange/add', sales, {
      name: '¥20 券',
      kind: 'coupon',
      coupon_template_rid: tpl.rid,
      points: 2000,
      description: '满减券',
    });
    expect(coupon).toMatchObject({ status: 200, code: 1, data: { couponTemplateRid: tpl.rid, stock: null, img: '/upload/img/points/coupon.svg' } });
    const gift = await post('/api/admin/growth/exchange/add', admin, { name: '样品盒', kind: 'gift', points: 900, stock: 20 });
    expect(gift.data).toMatchObject({ kind: 'gift', stock: 20, totalStock: 20, exchangedCount: 0, active: true });
    const items = await post<{ rid: string }[]>('/api/admin/growth/exchange/items', sales);
    expect(items.data.map((i) => i.rid)).toEqual(expect.arrayContaining([coupon.data.rid]));
  });

  it('closes every staff call to members, to no token and to the lab and finance roles', async () => {
    const who = await member();
    const lab = await makeStaff(t.db, 'lab', t.clock.now());
    const finance = await makeStaff(t.db, 'finance', t.clock.now());
    for (const url of [
      '/api/admin/growth/points/applications',
      '/api/admin/growth/points/approve',
      '/api/admin/growth/points/refuse',
      '/api/admin/growth/exchange/items',
      '/api/admin/growth/exchange/add',
      '/api/admin/growth/exchange/list',
      '/api/admin/growth/exchange/ship',
    ]) {
      expect((await post(url, undefined)).status, url).toBe(401);
      expect((await post(url, who)).status, url).toBe(403);
      expect(await post(url, lab), url).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
      expect((await post(url, finance)).status, url).toBe(403);
    }
  });
});
