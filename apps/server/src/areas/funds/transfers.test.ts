import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetCounts, AssetOverview, Page, TransferApplication } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { versionOf } from '../../../test/decision-pins';
import { fundsContext, member, ownCommunity, post, saveTiers, staffOf, topUpViaApi, type Person } from './test-helpers';

let t: TestContext;
let finance: Awaited<ReturnType<typeof staffOf>>;
let sales: Awaited<ReturnType<typeof staffOf>>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await fundsContext(t);
  finance = await staffOf(t, 'finance');
  sales = await staffOf(t, 'sales');
});
afterAll(() => t.close());

const balance = async (who: Person) => (await post<AssetOverview>(t, '/api/auth/asset/init', who)).data.prestoreFen;

describe('transfers between a member and a community they own', () => {
  it('small amounts move at once; large ones wait for finance; balances and entries agree', async () => {
    const owner = await member(t);
    const community = await ownCommunity(t, owner);
    await topUpViaApi(t, owner, finance, '20000'); // + 3% bonus = 20600
    const small = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toCommunity', amount: '1000' });
    expect(small).toMatchObject({ code: 1, msg: '转账成功', data: { status: 'done', amountFen: 100_000 } });
    const large = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toCommunity', amount: '6000' });
    expect(large).toMatchObject({ code: 1, msg: '转账申请已提交，请等待财务审核', data: { status: 'pending' } });
    let overview = (await post<AssetOverview>(t, '/api/auth/asset/init', owner)).data;
    expect(overview.prestoreFen).toBe(1_960_000);
    expect(overview.communities).toEqual([{ rid: community.rid, name: community.name, balanceFen: 100_000 }]);
    expect((await post<AssetCounts>(t, '/api/auth/asset/all4num', owner)).data.transferPending).toBe(1);
    expect(await post(t, '/api/admin/funds/transfer/approve', sales, { rid: large.data.rid, version: await versionOf(t.db, 'transfer', large.data.rid) })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/transfer/approve', owner, { rid: large.data.rid, version: await versionOf(t.db, 'transfer', large.data.rid) })).toMatchObject({ status: 403 });
    expect(await post(t, '/api/admin/funds/transfer/approve', finance, { rid: large.data.rid, version: await versionOf(t.db, 'transfer', large.data.rid) })).toMatchObject({ code: 1, data: { status: 'done' } });
    expect(await post(t, '/api/admin/funds/transfer/approve', finance, { rid: large.data.rid, version: await versionOf(t.db, 'transfer', large.data.rid) })).toMatchObject({ status: 409 });
    overview = (await post<AssetOverview>(t, '/api/auth/asset/init', owner)).data;
    expect(overview.prestoreFen).toBe(1_360_000);
    expect(overview.communities[0]!.balanceFen).toBe(700_000);
    const back = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toMember', amount: '7000.01' });
    expect(back).toMatchObject({ status: 409, msg: '预存款余额不足' });
    const ok = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toMember', amount: '4000' });
    expect(ok.data.status).toBe('done');
    const list = await post<Page<TransferApplication>>(t, '/api/auth/transferApply/list', owner);
    expect(list.data.total).toBe(3);
    expect(await post(t, '/api/auth/transferApply/detail', owner, { rid: ok.data.rid })).toMatchObject({ code: 1, data: { direction: 'toMember' } });    // a community still holding money cannot be dissolved; once emptied it can
    expect(await post(t, '/api/auth/cluster/del', owner, { rid: community.rid })).toMatchObject({ status: 409, msg: '该团体还有预存款余额，请先转回个人账户后再解散' });
    await post(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toMember', amount: '3000' });
    expect(await post(t, '/api/auth/cluster/del', owner, { rid: community.rid })).toMatchObject({ code: 1 });
    expect(await post(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toCommunity', amount: '1' })).toMatchObject({ status: 404 });
  });

  it('pending transfers can be cancelled by their owner or refused by finance; strangers get 404', async () => {
    const owner = await member(t);
    const other = await member(t);
    const community = await ownCommunity(t, owner);
    await topUpViaApi(t, owner, finance, '20000');
    const a = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toCommunity', amount: '8000' });
    const b = await post<TransferApplication>(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'toCommunity', amount: '9000' });
    expect(await post(t, '/api/auth/transferApply/cancel', other, { rid: a.data.rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/transferApply/detail', other, { rid: a.data.rid })).toMatchObject({ status: 404 });
    expect(await post(t, '/api/auth/transferApply/cancel', owner, { rid: a.data.rid })).toMatchObject({ code: 1, data: { status: 'cancelled' } });
    expect(await post(t, '/api/admin/funds/transfer/refuse', finance, { rid: b.data.rid, version: await versionOf(t.db, 'transfer', b.data.rid), reason: '请先联系客户经理' })).toMatchObject({ code: 1, data: { status: 'refused' } });
    expect(await post(t, '/api/auth/transferApply/add', other, { community_rid: community.rid, direction: 'toMember', amount: '1' })).toMatchObject({ status: 404, msg: '科研团体不存在' });
    expect(await post(t, '/api/auth/transferApply/add', owner, { community_rid: community.rid, direction: 'sideways', amount: '1' })).toMatchObject({ status: 400, msg: '[转账方向]不正确' });
    expect((await post<AssetOverview>(t, '/api/auth/asset/init', owner)).data.prestoreFen).toBe(2_060_000);
  });
});

describe('staff adjustments and access', () => {
  it('adjusts with a reason, once per request id, never below zero', async () => {
    const who = await member(t);
    const form = { owner_kind: 'member', owner_rid: who.member.rid, amount: '12.34', reason: '补录线下收款', request_id: 'adj-1' };
    expect(await post(t, '/api/admin/funds/adjust', finance, form)).toMatchObject({ code: 1, data: { entry: { amountFen: 1234, type: 'adjustment' } } });
    expect(await post(t, '/api/admin/funds/adjust', finance, form)).toMatchObject({ status: 409, msg: '该调账已处理，请勿重复提交' });
    expect(await post(t, '/api/admin/funds/adjust', finance, { ...form, amount: '-12.35', request_id: 'adj-2' })).toMatchObject({ status: 409, msg: '预存款余额不足' });
    expect(await post(t, '/api/admin/funds/adjust', finance, { ...form, amount: '-12.34', request_id: 'adj-3' })).toMatchObject({ code: 1 });
    expect(await post(t, '/api/admin/funds/adjust', finance, { ...form, amount: '0' })).toMatchObject({ status: 400, msg: '[调整金额]必须大于0' });
    expect(await post(t, '/api/admin/funds/adjust', finance, { ...form, reason: '' })).toMatchObject({ status: 400, msg: '[调整原因]不能为空' });
    expect(await post(t, '/api/admin/funds/adjust', finance, { ...form, owner_rid: 'nobody' })).toMatchObject({ status: 404 });
    expect(await balance(who)).toBe(0);
  });

  it('every staff call refuses members (401), no token (401) and other roles (403); admin passes', async () => {
    const who = await member(t);
    const lab = await staffOf(t, 'lab');
    const admin = await staffOf(t, 'admin');
    const urls = [
      '/api/admin/funds/prestore/list',
      '/api/admin/funds/prestore/confirm',
      '/api/admin/funds/prestore/refuse',
      '/api/admin/funds/prestore/rules',
      '/api/admin/funds/transfer/list',
      '/api/admin/funds/transfer/approve',
      '/api/admin/funds/transfer/refuse',
      '/api/admin/funds/adjust',
      '/api/admin/funds/invoice/list',
      '/api/admin/funds/invoice/issue',
      '/api/admin/funds/invoice/reject',
      '/api/admin/funds/invoice/file',
      '/api/admin/funds/credit/list',
      '/api/admin/funds/credit/approve',
      '/api/admin/funds/credit/refuse',
      '/api/admin/funds/coupon/issue',
      '/api/admin/funds/coupon/template/add',
    ];
    for (const url of urls) {
      expect(await post(t, url, who), url).toMatchObject({ status: 403, msg: '此功能仅限工作人员使用' });
      expect(await post(t, url, undefined), url).toMatchObject({ status: 401 });
      expect(await post(t, url, lab), url).toMatchObject({ status: 403, msg: '您的角色无权进行此操作' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/funds/prestore/receipt?rid=x', headers: { token: who.token } })).statusCode).toBe(403);
    expect(await post(t, '/api/admin/funds/prestore/list', admin)).toMatchObject({ code: 1 });
    // members' calls refuse staff tokens
    expect(await post(t, '/api/auth/asset/init', finance)).toMatchObject({ status: 401 });
  });

  it('finance saves new prestore tiers (a raise: approved by a second person); confirmations use them', async () => {
    const saved = await saveTiers(t, finance, [{ threshold: '1000', rate: 2 }, { threshold: '5000', rate: 4.5 }]);
    expect(saved).toMatchObject({ filed: true });
    expect(saved.rules.map((r) => r.text)).toEqual(['满 ¥1,000.00 赠 2%', '满 ¥5,000.00 赠 4.5%']);
    expect(await post(t, '/api/admin/funds/prestore/rules', finance, { rules: JSON.stringify([{ threshold: '-1', rate: 2 }]) })).toMatchObject({ status: 400, msg: '[起赠金额]必须大于0' });
    const who = await member(t);
    const app = await topUpViaApi(t, who, finance, '6000');
    expect(app.bonusFen).toBe(27_000);
    // restore the default tiers for the other tests
    await saveTiers(t, finance, [{ threshold: '10000', rate: 3 }, { threshold: '50000', rate: 5 }, { threshold: '100000', rate: 8 }]);
  });
});
