import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeItem, Page, PointsApplication, PointsEntry, PointsOverview } from '@lab/contract';
import { createTestContext, uniquePhone, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { makeStaff } from '../../../test/factories';
import { couponTemplates, ledgerEntries } from '../funds/funds.tables';
import { ensureAccount } from '../funds/ledger.service';
import { exchangeItems } from './growth.tables';
import { seedPointsDemo } from './points.seed';
import { seedFundsDemo } from '../funds/funds.seed';
import { pointsKit } from './points.test-helpers';

let t: TestContext;
let sales: { token: string };
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-20T04:00:00Z' });
  sales = await makeStaff(t.db, 'sales', t.clock.now());
});
afterAll(() => t.close());

const { post, member, givePoints, pointsOf, entriesOf, messagesOf } = pointsKit(() => t);

describe('the demo catalogue', () => {
  it('seeds coupons (from templates only an exchange issues) and gifts into an empty catalogue, once', async () => {
    expect(await t.db.select().from(exchangeItems)).toHaveLength(0);
    await seedFundsDemo(t.db);
    await seedPointsDemo(t.db, t.clock.now());
    await seedPointsDemo(t.db, t.clock.now());
    const rows = await t.db.select({ item: exchangeItems, claimable: couponTemplates.claimable }).from(exchangeItems).leftJoin(couponTemplates, eq(couponTemplates.id, exchangeItems.couponTemplateId));
    expect(rows.map((r) => r.item.name).sort()).toEqual(['XRD 测试 9 折券', '实验室定制笔记本', '样品保存盒', '¥100 检测抵用券', '¥20 检测抵用券'].sort());
    const coupons = rows.filter((r) => r.item.kind === 'coupon');
    expect(coupons.every((r) => r.item.couponTemplateId !== null)).toBe(true);
    expect(coupons.filter((r) => r.item.name.includes('抵用券')).every((r) => r.claimable === false)).toBe(true);
    expect(rows.filter((r) => r.item.kind === 'gift').every((r) => r.item.stock! > 0 && r.item.img.startsWith('/upload/img/points/'))).toBe(true);
    // each coupon's picture says what it is worth (not a bare 抵用券 ¥, issue 31)
    for (const r of coupons) {
      const svg = await readFile(new URL(`../../../assets${r.item.img}`, import.meta.url), 'utf8');
      const worth = r.item.name.match(/¥\d+|9 折/)![0].replace(' ', '');
      expect(svg, r.item.name).toContain(`>${worth}</text>`);
    }
    const who = await member();
    await givePoints(who.member.id, 2000);
    const listed = await post<ExchangeItem[]>('/api/auth/web/integration/list4exchange', who);
    expect(listed.data.map((i) => i.name)).toEqual(['¥20 检测抵用券', '¥100 检测抵用券', 'XRD 测试 9 折券', '实验室定制笔记本', '样品保存盒']);
    expect(listed.data.map((i) => i.available)).toEqual([true, false, true, true, false]);
  });
});

describe('member calls need a member token', () => {
  it('answers 401 without one and refuses a staff token on /api/auth', async () => {
    for (const url of [
      '/api/auth/web/integration/init',
      '/api/auth/web/integration/list',
      '/api/auth/web/integration/list4exchange',
      '/api/auth/integration/apply',
      '/api/auth/integration/applications',
      '/api/auth/integration/transfer',
      '/api/auth/integration/applyExchange',
      '/api/auth/integration/exchanges',
    ]) {
      expect((await post(url, undefined)).status, url).toBe(401);
      expect((await post(url, sales)).status, url).toBe(401);
    }
  });
});

describe('web/integration/init and list', () => {
  it('starts at zero with the configured rate, then shows every change with its label, newest first', async () => {
    const who = await member();
    const init = await post<PointsOverview>('/api/auth/web/integration/init', who);
    expect(init).toMatchObject({ status: 200, code: 1, data: { balance: 0, pointsPerYuan: 1, earned: 0, spent: 0, pendingApplications: 0 } });
    await givePoints(who.member.id, 500);
    const other = await member();
    t.clock.advance(1000);
    expect((await post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '同学甲', points: 120, note: '课题组互助' })).code).toBe(1);
    const list = await post<Page<PointsEntry>>('/api/auth/web/integration/list', who, { page: 1, pageSize: 10 });
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]).toMatchObject({ type: 'points_transfer_out', typeText: '积分转出', points: -120, balanceAfter: 380 });
    expect(list.data.list[0]!.note).toContain('课题组互助');
    expect(list.data.list[1]).toMatchObject({ type: 'adjustment', typeText: '积分调整', points: 500, balanceAfter: 500 });
    expect((await post<PointsOverview>('/api/auth/web/integration/init', who)).data).toMatchObject({ balance: 380, earned: 500, spent: 120 });
    // the other member's history is theirs alone
    const theirs = await post<Page<PointsEntry>>('/api/auth/web/integration/list', other, {});
    expect(theirs.data.list.map((e) => e.type)).toEqual(['points_transfer_in']);
  });

  it('refuses a bad page', async () => {
    const who = await member();
    expect(await post('/api/auth/web/integration/list', who, { page: 0 })).toMatchObject({ status: 400, msg: '[页码]不能小于1' });
    expect(await post('/api/auth/web/integration/list', who, { pageSize: 101 })).toMatchObject({ status: 400, msg: '[每页条数]不能超过100' });
    expect(await post('/api/auth/integration/exchanges', who, { page: 'x' })).toMatchObject({ status: 400, msg: '[页码]必须是数字' });
  });
});

describe('integration/apply and staff decisions', () => {
  it('validates the paper, keeps it pending, and refuses the same paper twice', async () => {
    const who = await member();
    expect(await post('/api/auth/integration/apply', who, { journal: 'Nature' })).toMatchObject({ status: 400, msg: '[论文题目]不能为空' });
    expect(await post('/api/auth/integration/apply', who, { title: '钙钛矿薄膜', journal: '' })).toMatchObject({ status: 400, msg: '[期刊名称]不能为空' });
    expect(await post('/api/auth/integration/apply', who, { title: '钙钛矿薄膜', journal: 'Nature', published_on: '2026/1/1' })).toMatchObject({
      status: 400,
      msg: '[发表日期]格式应为YYYY-MM-DD',
    });
    const res = await post<PointsApplication>('/api/auth/integration/apply', who, { title: '钙钛矿薄膜的XRD研究', journal: 'Advanced Materials', doi: '10.1002/adma.1', published_on: '2026-10-01' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '申请已提交，请等待审核', data: { status: 'pending', statusText: '审核中', points: null, doi: '10.1002/adma.1' } });
    expect(await post('/api/auth/integration/apply', who, { title: '钙钛矿薄膜的XRD研究', journal: 'Advanced Materials' })).toMatchObject({ status: 409, msg: '该论文已提交过申请，请勿重复提交' });
    expect((await post<PointsOverview>('/api/auth/web/integration/init', who)).data.pendingApplications).toBe(1);
    const mine = await post<Page<PointsApplication>>('/api/auth/integration/applications', who, {});
    expect(mine.data.list.map((a) => a.rid)).toEqual([res.data.rid]);
    // another member sees none of it
    const other = await member();
    expect((await post<Page<PointsApplication>>('/api/auth/integration/applications', other, {})).data).toMatchObject({ total: 0, list: [] });
  });

  it('approves with points (one points_award entry), refuses with a reason, and tells the member each time', async () => {
    const who = await member();
    const a = (await post<PointsApplication>('/api/auth/integration/apply', who, { title: '论文A', journal: 'JACS' })).data;
    const b = (await post<PointsApplication>('/api/auth/integration/apply', who, { title: '论文B', journal: 'JACS' })).data;

    expect(await post('/api/admin/growth/points/approve', sales, { rid: a.rid, version: await versionOf(t.db, 'points', a.rid) })).toMatchObject({ status: 400, msg: '[奖励积分]不能为空' });
    expect(await post('/api/admin/growth/points/approve', sales, { rid: a.rid, version: await versionOf(t.db, 'points', a.rid), points: 0 })).toMatchObject({ status: 400, msg: '[奖励积分]不能小于1' });
    expect(await post('/api/admin/growth/points/approve', sales, { rid: 'nope', version: 1, points: 10 })).toMatchObject({ status: 404, msg: '积分申请不存在' });
    const approved = await post<PointsApplication>('/api/admin/growth/points/approve', sales, { rid: a.rid, version: await versionOf(t.db, 'points', a.rid), points: 800 });
    expect(approved).toMatchObject({ status: 200, code: 1, data: { status: 'approved', statusText: '已通过', points: 800 } });
    expect(await pointsOf(who.member.id)).toBe(800);
    const booked = await entriesOf(`points-apply:${a.rid}`);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ type: 'points_award', amountFen: 800 });
    expect(await post('/api/admin/growth/points/approve', sales, { rid: a.rid, version: await versionOf(t.db, 'points', a.rid), points: 800 })).toMatchObject({ status: 409, msg: '该申请已通过，不能再处理' });
    expect(await pointsOf(who.member.id)).toBe(800);

    expect(await post('/api/admin/growth/points/refuse', sales, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid) })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const refused = await post<PointsApplication>('/api/admin/growth/points/refuse', sales, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid), reason: '论文未致谢本实验室' });
    expect(refused.data).toMatchObject({ status: 'refused', statusText: '未通过', reason: '论文未致谢本实验室', points: null });
    expect(await post('/api/admin/growth/points/approve', sales, { rid: b.rid, version: await versionOf(t.db, 'points', b.rid), points: 5 })).toMatchObject({ status: 409, msg: '该申请未通过，不能再处理' });

    const titles = (await messagesOf(who.member.id)).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['积分申请已通过', '积分申请未通过']));
    const list = await post<Page<PointsApplication & { member: { phone: string } }>>('/api/admin/growth/points/applications', sales, { status: 'approved' });
    expect(list.data.list.some((x) => x.rid === a.rid && x.member.phone === who.member.phone)).toBe(true);
    expect(list.data.list.every((x) => x.status === 'approved')).toBe(true);
    expect(await post('/api/admin/growth/points/applications', sales, { status: 'x' })).toMatchObject({ status: 400, msg: '[状态]不正确' });
  });
});

describe('integration/transfer', () => {
  it('moves points in one transaction under one reference and tells the recipient', async () => {
    const from = await member();
    const to = await member();
    await givePoints(from.member.id, 300);
    const res = await post<PointsOverview>('/api/auth/integration/transfer', from, { phone: to.member.phone, name: '同学甲', points: 300, note: '谢谢帮忙' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: '转赠成功', data: { balance: 0, spent: 300 } });
    expect(await pointsOf(to.member.id)).toBe(300);
    const toAccount = await ensureAccount(t.db, 'member', to.member.id, 'points');
    const [into] = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.type, 'points_transfer_in'), eq(ledgerEntries.accountId, toAccount.id)));
    const pair = await entriesOf(into!.reference);
    expect(pair.map((e) => [e.type, Number(e.amountFen)]).sort()).toEqual([
      ['points_transfer_in', 300],
      ['points_transfer_out', -300],
    ]);
    expect(pair[0]!.reference).toMatch(/^transfer:/);
    const [message] = await messagesOf(to.member.id);
    expect(message).toMatchObject({ kind: 'points', title: '您收到一笔积分转赠' });
    expect(message!.content).toContain(`${from.member.phone.slice(0, 3)}****${from.member.phone.slice(-4)}`);
    expect(message!.content).not.toContain(from.member.phone);
  });

  it('refuses bad input, an unknown phone, myself and more than I hold — booking nothing', async () => {
    const who = await member();
    const other = await member();
    await givePoints(who.member.id, 100);
    expect(await post('/api/auth/integration/transfer', who, { points: 10 })).toMatchObject({ status: 400, msg: '[对方手机号]不能为空' });
    expect(await post('/api/auth/integration/transfer', who, { phone: '12345', points: 10 })).toMatchObject({ status: 400, msg: '[对方手机号]格式不正确' });
    expect(await post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '同学甲', points: 0 })).toMatchObject({ status: 400, msg: '[转赠积分]不能小于1' });
    expect(await post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '同学甲', points: 1.5 })).toMatchObject({ status: 400, msg: '[转赠积分]必须是整数' });
    expect(await post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '同学甲', points: 'abc' })).toMatchObject({ status: 400, msg: '[转赠积分]必须是数字' });
    expect(await post('/api/auth/integration/transfer', who, { phone: '13311112222', name: '同学甲', points: 10 })).toMatchObject({ status: 404, msg: '对方手机号与姓名不匹配，请核对后再试' });
    expect(await post('/api/auth/integration/transfer', who, { phone: who.member.phone, name: '同学甲', points: 10 })).toMatchObject({ status: 400, msg: '不能转赠给自己' });
    expect(await post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '同学甲', points: 101 })).toMatchObject({ status: 409, msg: '积分不足' });
    expect(await pointsOf(who.member.id)).toBe(100);
    expect(await pointsOf(other.member.id)).toBe(0);
    expect(await messagesOf(other.member.id)).toHaveLength(0);
  });

  it('answers an unregistered phone, a closed account and a wrong name alike (issue 16: 404 该手机号未注册 told registered phones apart)', async () => {
    const who = await member();
    await givePoints(who.member.id, 100);
    const other = await member({ name: '李同学' });
    const closed = await member({ name: '王同学', disabled: true });
    const answers = await Promise.all([
      post('/api/auth/integration/transfer', who, { phone: uniquePhone(), name: '李同学', points: 10 }),
      post('/api/auth/integration/transfer', who, { phone: other.member.phone, name: '张同学', points: 10 }),
      post('/api/auth/integration/transfer', who, { phone: closed.member.phone, name: '王同学', points: 10 }),
    ]);
    for (const answer of answers) expect([answer.status, answer.code, answer.msg]).toEqual([404, 0, '对方手机号与姓名不匹配，请核对后再试']);
    // and with 0 points to spend the answer is the same: the lookup comes before the balance
    const poor = await member();
    const unknown = await post('/api/auth/integration/transfer', poor, { phone: uniquePhone(), name: '李同学', points: 10 });
    const known = await post('/api/auth/integration/transfer', poor, { phone: other.member.phone, name: '不对', points: 10 });
    expect([known.status, known.msg]).toEqual([unknown.status, unknown.msg]);
    expect(await pointsOf(who.member.id)).toBe(100);
  });

  it('never lets concurrent transfers spend more than the balance', async () => {
    const who = await member();
    const others = await Promise.all([member(), member(), member(), member(), member()]);
    await givePoints(who.member.id, 250);
    const results = await Promise.all(others.map((o) => post('/api/auth/integration/transfer', who, { phone: o.member.phone, name: '同学甲', points: 100 })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409 && r.msg === '积分不足')).toHaveLength(3);
    expect(await pointsOf(who.member.id)).toBe(50);
    const received = await Promise.all(others.map((o) => pointsOf(o.member.id)));
    expect(received.reduce((s, n) => s + n, 0)).toBe(200);
  });
});
