import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Plan, PricedOption, Requirement } from '@lab/contract';
import type { TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { members, outbox } from '../../db/schema';
import { serviceItems } from '../catalog/catalog.tables';
import { memberMessages } from '../messages/member-messages.tables';
import { planLines } from './orders.tables';
import { requirements } from './requirements.tables';
import type { AdminRequirement } from './requirements.service';
import { requirementCalls, requirementsSuite, type Item, type RequirementsSuite, type Staff, type Who } from './requirements.test-helpers';

/** Quoting: sales lists, quotes and closes requirements; the member accepts a quote into the plan or cancels. */

let t: TestContext;
let sales: Staff;
let lab: Staff;
let xrd: Item;
let plain: Item;
let onsite: Item;
let suite: RequirementsSuite;

beforeAll(async () => {
  suite = await requirementsSuite();
  ({ t, sales, lab, xrd, plain, onsite } = suite);
});
afterAll(() => t.close());

const { member, post, addRequirement, xrdOptions, xrdUnitFen, plainOptions, plainUnitFen, quote } = requirementCalls(() => suite);

describe('staff: list, quote, close', () => {
  it('lists every member requirement with the member for sales (status filter, pages); other roles are refused', async () => {
    const who = await member();
    const req = await addRequirement(who, { title: '员工列表可见' });
    const list = await post<Page<AdminRequirement>>('/api/admin/demand/list', sales, { status: 'open', pageSize: 100 });
    const found = list.data.list.find((r) => r.rid === req.rid);
    expect(found).toMatchObject({ title: '员工列表可见', member: { rid: who.member.rid, name: '张老师', company: '复旦大学' } });
    expect(list.data.list.every((r) => r.status === 'open')).toBe(true);
    expect(await post('/api/admin/demand/list', lab, {})).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    expect(await post('/api/admin/demand/list', who, {})).toMatchObject({ status: 403 });
    const admin = await makeStaff(t.db, 'admin', t.clock.now());
    expect(await post('/api/admin/demand/list', admin, {})).toMatchObject({ code: 1 });
    for (const url of ['/api/admin/demand/quote', '/api/admin/demand/close']) expect(await post(url, lab, { rid: req.rid })).toMatchObject({ status: 403 });
  });

  it('prices a quote from the catalogue (a price sent by the client is ignored) and tells the member', async () => {
    const who = await member();
    const req = await addRequirement(who);
    const res = await quote(req.rid, [
      { rid: xrd.rid, count: 3, options: xrdOptions(), price: 1, unitPriceFen: 1, amountFen: 1 },
      { rid: plain.rid, count: 2, options: plainOptions() },
    ]);
    expect(res).toMatchObject({ status: 200, code: 1, msg: '报价已发送', data: { status: 'quoted', statusText: '已报价', quotedBy: sales.id } });
    const total = xrdUnitFen() * 3 + plainUnitFen() * 2;
    expect(res.data.quote).toMatchObject({
      totalFen: total,
      note: '含数据分析报告',
      lines: [
        { rid: xrd.rid, name: xrd.name, count: 3, unitPriceFen: xrdUnitFen(), amountFen: xrdUnitFen() * 3 },
        { rid: plain.rid, count: 2, unitPriceFen: plainUnitFen(), amountFen: plainUnitFen() * 2 },
      ],
    });
    expect(res.data.quote!.lines[0]!.options.map((o) => o.name)).toEqual(['扫描速度', '测试温度']);
    const [row] = await t.db.select().from(requirements).where(eq(requirements.rid, req.rid));
    expect(row).toMatchObject({ quoteTotalFen: total, quotedBy: sales.id, status: 'quoted' });
    // the member sees it in detail
    expect(await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid })).toMatchObject({ data: { status: 'quoted', quote: { totalFen: total } } });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.map((m) => m.title)).toContain('您的测试需求已报价');
    expect(messages.find((m) => m.title === '您的测试需求已报价')).toMatchObject({ link: '/experiment/demand' });
    const sms = await t.db.select().from(outbox).where(and(eq(outbox.recipient, await memberPhone(who)), eq(outbox.template, 'requirement_quoted')));
    expect(sms).toHaveLength(1);
  });

  it('refuses bad quote lines with Chinese messages', async () => {
    const who = await member();
    const req = await addRequirement(who);
    const [speed] = xrd.options as PricedOption[];
    expect(await quote(req.rid, [])).toMatchObject({ status: 400, msg: '[报价项目]不能为空' });
    expect(await post('/api/admin/demand/quote', sales, { rid: req.rid, lines: '{not json' })).toMatchObject({ status: 400, msg: '[报价项目]格式不正确' });
    expect(await post('/api/admin/demand/quote', sales, { lines: '[]' })).toMatchObject({ status: 400, msg: '[需求编号]不能为空' });
    expect(await quote(req.rid, [{ rid: 'no-such-item', count: 1, options: {} }])).toMatchObject({ status: 400, msg: '报价项目不存在或已下架：no-such-item' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { [speed!.id]: speed!.choices[0]!.id } }])).toMatchObject({ status: 400, msg: '请选择测试温度' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { ...xrdOptions(), [speed!.id]: 99999 } }])).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: { ...xrdOptions(), 777: 1 } }])).toMatchObject({ status: 400, msg: '所选测试选项已失效，请重新选择' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 0, options: xrdOptions() }])).toMatchObject({ status: 400, code: 0 });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }, { rid: xrd.rid, count: 2, options: xrdOptions() }])).toMatchObject({ status: 400, msg: `报价项目重复：${xrd.name}` });
    const onsiteOptions = Object.fromEntries((onsite.options as PricedOption[]).map((o) => [o.id, o.choices[0]!.id]));
    expect(await quote(req.rid, [{ rid: onsite.rid, count: 1, options: onsiteOptions }])).toMatchObject({ status: 400, msg: `「${onsite.name}」为上门预约项目，请引导客户直接预约机时` });
    expect(await quote('unknown-rid-000', [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 404, msg: '需求不存在' });
    expect(await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid })).toMatchObject({ data: { status: 'open', quote: null } });
  });

  it('closes with a reason (open or quoted only) and tells the member', async () => {
    const who = await member();
    const req = await addRequirement(who);
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid, reason: '' })).toMatchObject({ status: 400, msg: '[原因]不能为空' });
    const closed = await post<AdminRequirement>('/api/admin/demand/close', sales, { rid: req.rid, reason: '本实验室暂不具备该测试条件' });
    expect(closed).toMatchObject({ code: 1, msg: '需求已关闭', data: { status: 'closed', statusText: '已关闭', closeReason: '本实验室暂不具备该测试条件' } });
    expect(await post('/api/admin/demand/close', sales, { rid: req.rid, reason: '再次' })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能关闭' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能报价' });
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能接受报价' });
    expect(await post('/api/auth/demand/cancel', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已关闭」，不能撤回' });
    expect(await post('/api/admin/demand/close', sales, { rid: 'unknown-rid-000', reason: 'x' })).toMatchObject({ status: 404 });
    const messages = await t.db.select().from(memberMessages).where(eq(memberMessages.memberId, who.member.id));
    expect(messages.find((m) => m.title === '您的测试需求已关闭')?.content).toContain('本实验室暂不具备该测试条件');
  });
});

const memberPhone = async (who: Who) => {
  const [m] = await t.db.select({ phone: members.phone }).from(members).where(eq(members.id, who.member.id));
  return m!.phone;
};

describe('demand/accept and cancel', () => {
  it('accept puts the priced quote lines into the plan once; a second accept is refused (409)', async () => {
    const who = await member();
    const req = await addRequirement(who);
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「待报价」，不能接受报价' });
    await quote(req.rid, [
      { rid: xrd.rid, count: 3, options: xrdOptions() },
      { rid: plain.rid, count: 2, options: plainOptions() },
    ]);
    const accepted = await post<Requirement>('/api/auth/demand/accept', who, { rid: req.rid });
    expect(accepted).toMatchObject({ status: 200, code: 1, msg: '报价已加入实验计划', data: { status: 'accepted', statusText: '已接受' } });

    const plan = await post<Plan>('/api/auth/tempDevice/list', who);
    const lines = plan.data.dataArr.flatMap((g) => g.items);
    expect(plan.data.count).toBe(2);
    expect(lines.find((l) => l.rid === xrd.rid)).toMatchObject({ count: 3, unitPriceFen: xrdUnitFen(), amountFen: xrdUnitFen() * 3 });
    expect(lines.find((l) => l.rid === xrd.rid)!.options.map((o) => o.label)).toEqual(['慢扫 2°/min（精修用）', '室温']);
    expect(lines.find((l) => l.rid === plain.rid)).toMatchObject({ count: 2, amountFen: plainUnitFen() * 2 });
    expect(plan.data.totalFen).toBe(xrdUnitFen() * 3 + plainUnitFen() * 2);

    const again = await post('/api/auth/demand/accept', who, { rid: req.rid });
    expect(again).toMatchObject({ status: 409, code: 0, msg: '该报价已接受，请勿重复操作' });
    expect(await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id))).toHaveLength(2);
    expect(await post('/api/auth/demand/cancel', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '需求当前为「已接受」，不能撤回' });
    expect(await quote(req.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }])).toMatchObject({ status: 409, msg: '需求当前为「已接受」，不能报价' });
  });

  it('concurrent accepts add the lines once', async () => {
    const who = await member();
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: xrd.rid, count: 4, options: xrdOptions() }]);
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/api/auth/demand/accept', who, { rid: req.rid })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const rows = await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id));
    expect(rows.map((r) => r.count)).toEqual([4]);
  });

  it('a re-quote replaces the old one; a line merges with the same item already in the plan', async () => {
    const who = await member();
    await post('/api/auth/tempDevice/add', who, { rid: xrd.rid, count: 1, options: JSON.stringify(xrdOptions()) });
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: plain.rid, count: 9, options: plainOptions() }]);
    const requoted = await quote(req.rid, [{ rid: xrd.rid, count: 2, options: xrdOptions() }], '调整后报价');
    expect(requoted.data.quote).toMatchObject({ totalFen: xrdUnitFen() * 2, note: '调整后报价', lines: [{ rid: xrd.rid, count: 2 }] });
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ code: 1 });
    const rows = await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id));
    expect(rows.map((r) => [r.itemId, r.count])).toEqual([[xrd.id, 3]]);
  });

  it('a quote whose item was withdrawn cannot be accepted (and shows it)', async () => {
    const who = await member();
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: plain.rid, count: 1, options: plainOptions() }]);
    await t.db.update(serviceItems).set({ published: false }).where(eq(serviceItems.id, plain.id));
    try {
      const detail = await post<Requirement>('/api/auth/demand/detail', who, { rid: req.rid });
      expect(detail.data.quote).toMatchObject({ totalFen: 0, lines: [{ amountFen: 0 }] });
      expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ status: 409, msg: '报价中的项目已变更，请联系客户经理重新报价' });
      expect(await t.db.select().from(planLines).where(eq(planLines.memberId, who.member.id))).toHaveLength(0);
    } finally {
      await t.db.update(serviceItems).set({ published: true }).where(eq(serviceItems.id, plain.id));
    }
  });

  it('cancel: open and quoted requirements only', async () => {
    const who = await member();
    const open = await addRequirement(who);
    expect(await post('/api/auth/demand/cancel', who, { rid: open.rid })).toMatchObject({ code: 1, msg: '需求已撤回', data: { status: 'cancelled', statusText: '已撤回' } });
    expect(await post('/api/auth/demand/cancel', who, { rid: open.rid })).toMatchObject({ status: 409, msg: '需求当前为「已撤回」，不能撤回' });
    const quoted = await addRequirement(who);
    await quote(quoted.rid, [{ rid: xrd.rid, count: 1, options: xrdOptions() }]);
    expect(await post('/api/auth/demand/cancel', who, { rid: quoted.rid })).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await post('/api/auth/demand/accept', who, { rid: quoted.rid })).toMatchObject({ status: 409, msg: '需求当前为「已撤回」，不能接受报价' });
  });
});
