import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labDay, type QuoteView, type Requirement } from '@lab/contract';
import type { TestContext } from '../../../../test/harness';
import { issueSession } from '../../accounts/sessions.service';
import { requirementCalls, requirementsSuite, type Item, type RequirementsSuite, type Who } from '../requirements.test-helpers';

/** A requirement's quote is a sealed 报价单 too: valid 30 days, replaced when sales quote again, refused once expired. */

let t: TestContext;
let suite: RequirementsSuite;
let xrd: Item;
beforeAll(async () => {
  suite = await requirementsSuite();
  ({ t, xrd } = suite);
});
afterAll(() => t.close());

const { member, post, addRequirement, xrdOptions, xrdUnitFen, quote } = requirementCalls(() => suite);
const DAY = 24 * 3600_000;
const myQuotes = async (who: Who) => (await post<QuoteView[]>('/api/auth/quote/list', who)).data;

describe('the sealed 报价单 of a requirement', () => {
  it('is issued when sales quote, replaced by a new quote, and accepted within 30 days', async () => {
    const who = await member();
    const req = await addRequirement(who);
    await quote(req.rid, [{ rid: xrd.rid, count: 3, options: xrdOptions() }]);
    const [first] = await myQuotes(who);
    expect(first).toMatchObject({ status: 'valid', totalFen: xrdUnitFen() * 3, lineCount: 1 });
    // quoted again (4 samples): the first says 已被新版本替代
    await quote(req.rid, [{ rid: xrd.rid, count: 4, options: xrdOptions() }]);
    const list = await myQuotes(who);
    expect(list.map((q) => [q.status, q.totalFen])).toEqual([
      ['valid', xrdUnitFen() * 4],
      ['superseded', xrdUnitFen() * 3],
    ]);
    expect(await post<Requirement>('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({ code: 1, msg: '报价已加入实验计划' });
  });

  it('after 30 days the requirement’s quote cannot be accepted: 409 offering a new quote', async () => {
    const first = await member();
    const req = await addRequirement(first);
    await quote(req.rid, [{ rid: xrd.rid, count: 2, options: xrdOptions() }]);
    const [sealed] = await myQuotes(first);
    t.clock.advance(30 * DAY + 1000);
    const who = { ...first, ...(await issueSession(t.db, 'member', first.member.id, { now: t.clock.now() })) };
    expect(await post('/api/auth/demand/accept', who, { rid: req.rid })).toMatchObject({
      status: 409,
      code: 0,
      msg: `报价单 ${sealed!.no} 已于 ${labDay(new Date(sealed!.expiresAt))} 过期，请联系客户经理重新报价`,
    });
    expect((await myQuotes(who))[0]).toMatchObject({ status: 'expired', statusText: '已过期' });
  });
});
