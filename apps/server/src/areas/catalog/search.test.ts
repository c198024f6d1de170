import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AdminSearchMiss, AdminSynonym, DeviceSearchAnswer, DeviceSuggestion, Page } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeStaff } from '../../../test/factories';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { seedCatalog } from './catalog.seed';
import { searchMisses } from './search.tables';
import { recordMiss } from './search-misses';
import { refreshItemWords } from './item-words';
import { serviceItems } from './catalog.tables';
import { post } from './catalog-admin.test-helpers';

let t: TestContext;
let admin: string;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestContext();
  expect(await seedCatalog(t.db)).toBe(true);
  admin = (await makeStaff(t.db, 'admin', t.clock.now())).token;
  // a second instance on the same database, as behind nginx (decisions/0024)
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `lab-search-${process.pid}`), SEED_DEMO: '0' });
  second = await buildApp({ db: t.db, config, logger: false, rateLimit: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const search = (query: Record<string, string>, app = t.app) => call<DeviceSearchAnswer>(app, 'GET', '/api/open/web/device/search', { query });
const names = async (keyword: string, n = 5) => (await search({ keyword, pageSize: String(n) })).data.list.map((i) => i.name);

describe('words, synonyms and folding', () => {
  it('finds every SEM test by 扫描电镜, its full name and its abbreviation', async () => {
    const semTests = (await search({ childId: '3201', pageSize: '100' })).data.list.map((i) => i.rid).sort();
    expect(semTests.length).toBe(4);
    for (const keyword of ['扫描电镜', '扫描电子显微镜', 'SEM', 'sem测试', 'ＳＥＭ', '扫描电镜测试']) {
      const found = (await search({ keyword, typeId: '1', pageSize: '100' })).data.list.map((i) => i.rid);
      expect(found, keyword).toEqual(expect.arrayContaining(semTests));
    }
  });

  it('finds the BET test by 氮气吸附, 比表面 and an instrument word', async () => {
    for (const keyword of ['氮气吸附', '比表面分析', 'BET测试', '比表面积仪']) {
      const [first] = (await search({ keyword })).data.list;
      expect(first?.childId, keyword).toBe(3601);
    }
  });

  it('answers the words to highlight, synonyms included', async () => {
    const res = await search({ keyword: '扫描电镜' });
    expect(res.data.words).toEqual(expect.arrayContaining(['扫描电镜', 'sem', '扫描电子显微镜']));
    expect(res.data.near).toEqual([]);
  });

  it('answers a 500-character query, control characters and punctuation alone, never 500', async () => {
    const long = await search({ keyword: `${'扫描电镜'.repeat(124)}ab` });
    expect(long).toMatchObject({ status: 200, code: 1 });
    const control = await search({ keyword: 'XRD\u0007\u001b\u200b' });
    expect(control.status).toBe(200);
    expect(control.data.list[0]!.name).toContain('XRD');
    // a NUL byte cannot be stored anywhere: every call refuses it alike (decisions/0035)
    expect(await search({ keyword: 'XRD\u0000' })).toMatchObject({ status: 400, msg: '提交的内容包含无效字符' });
    expect(await search({ keyword: '？？？！！…' })).toMatchObject({ status: 200, data: { total: 0, list: [] } });
    expect(await search({ keyword: '\u200b\u0001' })).toMatchObject({ status: 200, data: { total: 0 } });
  });
});

describe('ranking', () => {
  it('puts the sample test above the analysis of its data and the booking of its instrument', async () => {
    const xps = (await search({ keyword: 'XPS', pageSize: '20' })).data.list;
    expect(xps[0]!.typeId).toBe(1);
    const analysis = xps.findIndex((i) => i.name === 'XPS 分峰拟合');
    expect(analysis).toBeGreaterThan(xps.findIndex((i) => i.name === 'X 射线光电子能谱 XPS'));
    const sem = (await search({ keyword: '扫描电镜', pageSize: '20' })).data.list;
    expect(sem.slice(0, 4).every((i) => i.typeId === 1)).toBe(true);
    expect(sem.findIndex((i) => i.typeId === 2)).toBeGreaterThan(3);
  });

  it('puts the analysis first when the query says 分析/拟合, and the booking when it says 机时', async () => {
    expect((await names('XPS分峰拟合'))[0]).toBe('XPS 分峰拟合');
    expect((await names('XRD精修'))[0]).toBe('XRD Rietveld 全谱精修');
    const booking = (await search({ keyword: 'SEM机时' })).data.list[0]!;
    expect(booking.typeId).toBe(2);
  });

  it('ranks name and technique above the description, popularity breaking ties', async () => {
    const list = (await search({ keyword: 'EDS', pageSize: '20' })).data.list;
    // 'SEM + EDS 面扫' holds EDS in its name; 场发射扫描电镜 only in keywords and sketch
    expect(list[0]!.name).toBe('SEM + EDS 面扫（热场）');
  });
});

describe('nothing matched', () => {
  it('says so with near techniques and counts the query for staff', async () => {
    const res = await search({ keyword: '冷冻电镜' });
    expect(res.data.total).toBe(0);
    expect(res.data.near.map((n) => n.name)).toEqual(expect.arrayContaining(['扫描电镜 SEM']));
    await search({ keyword: ' 冷冻电镜 ' }, second);
    await search({ keyword: '冷冻电镜', typeId: '2' }); // a filtered miss is not counted
    const misses = await post<Page<AdminSearchMiss>>(t, '/api/admin/catalog/search-miss/list', admin, {});
    expect(misses.data.list.find((m) => m.query === '冷冻电镜')).toMatchObject({ count: 2 });
    const removed = await post(t, '/api/admin/catalog/search-miss/delete', admin, { query: '冷冻电镜' });
    expect(removed).toMatchObject({ code: 1, msg: '已从列表移除' });
  });

  it('keeps a bounded list, the least recently searched going first', async () => {
    await t.db.delete(searchMisses);
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await recordMiss(t.db, 'a', at(1), 2);
    await recordMiss(t.db, 'b', at(2), 2);
    await recordMiss(t.db, 'a', at(3), 2);
    await recordMiss(t.db, 'c', at(4), 2);
    const rows = await t.db.select().from(searchMisses);
    expect(rows.map((r) => [r.query, r.count]).sort()).toEqual([
      ['a', 2],
      ['c', 1],
    ]);
  });
});

describe('synonyms kept by staff', () => {
  it('work at once on another instance, and are refused when a term is in another group', async () => {
    expect((await search({ keyword: '电子探针' }, second)).data.total).toBe(0);
    const added = await post<AdminSynonym>(t, '/api/admin/catalog/synonym/add', admin, { terms: '电子探针 = EPMA = 扫描电镜', note: '' });
    expect(added).toMatchObject({ code: 0, status: 409 });
    expect(added.msg).toContain('「扫描电镜」已在另一组同义词中');
    const ok = await post<AdminSynonym>(t, '/api/admin/catalog/synonym/add', admin, { terms: '电子探针\nＥＰＭＡ\nEDS面扫', note: '成分面分布' });
    expect(ok).toMatchObject({ code: 1, msg: '同义词组已添加', data: { terms: ['电子探针', 'epma', 'eds面扫'] } });
    const found = await search({ keyword: '电子探针' }, second);
    expect(found.data.list[0]!.name).toBe('SEM + EDS 面扫（热场）');
    const edited = await post(t, '/api/admin/catalog/synonym/update', admin, { id: ok.data.id, terms: '电子探针 = EPMA', note: '' });
    expect(edited.code).toBe(1);
    expect((await search({ keyword: '电子探针' }, second)).data.total).toBe(0);
    expect(await post(t, '/api/admin/catalog/synonym/delete', admin, { id: ok.data.id })).toMatchObject({ code: 1, msg: '同义词组已删除' });
    const listed = await post<Page<AdminSynonym>>(t, '/api/admin/catalog/synonym/list', admin, { keyword: 'epma' });
    expect(listed.data.total).toBe(0);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await post<Page<AdminSynonym>>(t, '/api/admin/catalog/synonym/list', admin, {})).data.total;
    expect(await post(t, '/api/admin/catalog/synonym/add', admin, { terms: 'SEM' })).toMatchObject({ status: 400, msg: '[同义词]至少填写两个意思相同的词' });
    expect(await post(t, '/api/admin/catalog/synonym/add', admin, { terms: 'ＸＸ = xx' })).toMatchObject({ status: 400 });
    expect(await post(t, '/api/admin/catalog/synonym/add', admin, { terms: `a = ${'长'.repeat(31)}` })).toMatchObject({ status: 400, msg: '[同义词]每个词不能超过30个字符' });
    expect((await post<Page<AdminSynonym>>(t, '/api/admin/catalog/synonym/list', admin, {})).data.total).toBe(before);
  });
});

describe('the words kept up to date', () => {
  it('cuts at start the items written before their words (or by an older dictionary)', async () => {
    await t.db.execute(sql`update service_items set title_words = '{}', tag_words = '{}', search_words = '{}', words_version = 0 where child_id = 3401`);
    expect(await refreshItemWords(t.db)).toBeGreaterThan(0);
    expect(await refreshItemWords(t.db)).toBe(0);
    const [row] = await t.db.select({ titleWords: serviceItems.titleWords }).from(serviceItems).where(eq(serviceItems.childId, 3401)).limit(1);
    expect(row!.titleWords).toEqual(expect.arrayContaining(['ftir', '红外光谱']));
  });

  it("re-cuts a sub-type's items when it is renamed: its name is their technique", async () => {
    expect((await search({ keyword: 'MechLab' })).data.total).toBe(0);
    const renamed = await post(t, '/api/admin/catalog/child/update', admin, { id: 3603, name: '力学与流变 MechLab', sort: 2 });
    expect(renamed.code).toBe(1);
    const found = (await search({ keyword: 'mechlab', pageSize: '100' }, second)).data.list;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => i.childId === 3603)).toBe(true);
  });
});

describe('suggestions', () => {
  it('offers techniques, synonyms and items as the user types', async () => {
    const res = await call<DeviceSuggestion[]>(t.app, 'GET', '/api/open/web/device/suggest', { query: { q: '扫描' } });
    expect(res.status).toBe(200);
    expect(res.data[0]).toMatchObject({ kind: 'technique', text: '扫描电镜 SEM', childId: 3201 });
    expect(res.data.some((s) => s.kind === 'synonym' && s.text === '扫描电子显微镜')).toBe(true);
    expect(res.data.some((s) => s.kind === 'item' && s.rid)).toBe(true);
    expect(res.data.length).toBeLessThanOrEqual(8);
    expect((await call<DeviceSuggestion[]>(t.app, 'GET', '/api/open/web/device/suggest', { query: { q: '%%' } })).data).toEqual([]);
  });
});
