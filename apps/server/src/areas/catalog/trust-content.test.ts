import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AbilityShowcase, AdminCertificate, AdminSiteIdentity, ArticleDetail, ArticleSummary, ContentPage, DeviceDetail, HomeData, Page, PublicCertificate, SiteSettings } from '@lab/contract';
import { pageKeys } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../../test/harness';
import { makeMember, makeStaff } from '../../../test/factories';
import { makeOrder as makeProgressOrder } from '../orders/desk/progress.test-helpers';
import { confirmData } from '../orders/desk/member-progress.service';
import { seedBusyMember } from '../../../test/bulk-orders';
import { queryRows } from '../../db/client';
import { members } from '../accounts/accounts.tables';
import { certificates } from '../content/content.tables';
import { serviceItems } from './catalog.tables';
import { staffAlerts } from '../messages/staff-alerts.tables';
import { orders } from '../orders/orders.tables';
import { auditLog } from '../../db/schema';
import { getContentVersion } from '../content/content-version';
import { addBanner } from '../content/home-blocks.service';
import { sendReminders } from '../orders/desk/reminders.service';
import { seedCatalog } from './catalog.seed';
import { countSiteFigures, siteFigures } from './site-figures';
import { fillFigures } from '../content';
import { recountItemOrders } from '../orders/item-order-counts';
import { disagreements, statedFigures, textsOf } from './stated-figures.test-helpers';

/**
 * What a careful customer checks: the filings in the footer's data, the qualifications from
 * data (expired hidden, demo ones without a number, staff reminded 30 days ahead, once), one
 * count behind every figure the site states, and an item's standards with its sample report.
 */

// 10:00 in Shanghai: inside the reminders' hours
const NOW = new Date('2026-11-26T02:00:00Z');
let t: TestContext;
let admin: { token: string };
let sales: { token: string };

beforeAll(async () => {
  t = await createTestContext({ now: NOW });
  await seedCatalog(t.db);
  admin = await makeStaff(t.db, 'admin', NOW);
  sales = await makeStaff(t.db, 'sales', NOW);
});
afterAll(() => t?.close());

const post = <T>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
  call<T>(t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
const publicSettings = async () => (await call<SiteSettings>(t.app, 'POST', '/api/open/setting')).data;
const publicCertificates = async () => (await call<PublicCertificate[]>(t.app, 'GET', '/api/open/web/certificates')).data;
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0]!;

describe('备案与主体信息 (site settings → the footer)', () => {
  it('answers blank parts until set (the footer shows nothing), then each part as saved, bumping the content version', async () => {
    expect((await publicSettings()).identity).toEqual({ icp: '', police: '', policeCode: '', company: '', licenceImg: '', founded: 2016, qrOfficial: '', qrConsult: '', qrMiniapp: '' });

    const before = await getContentVersion(t.db);
    const saved = await post<AdminSiteIdentity>('/api/admin/content/settings/identity', admin, {
      icp: '沪ICP备12345678号-1',
      police: '沪公网安备 31010402000123号',
      company: '上海科研检测技术有限公司',
      licenceImg: '/upload/img/certificates/cma.svg',
      founded: 2016,
    });
    expect(saved).toMatchObject({ code: 1, msg: '备案与主体信息已保存' });
    expect(saved.data.licenceImgUrl).toMatch(/\/upload\/img\/certificates\/cma\.svg$/);
    // the page cache is keyed by the content version: the footer is drawn again on the next request
    expect(await getContentVersion(t.db)).toBeGreaterThan(before);
    expect(await lastAudit()).toMatchObject({ action: 'content.setting.identity', entity: 'setting', targetKey: 'siteIdentity' });

    const identity = (await publicSettings()).identity;
    expect(identity).toMatchObject({ icp: '沪ICP备12345678号-1', police: '沪公网安备 31010402000123号', policeCode: '31010402000123', company: '上海科研检测技术有限公司', founded: 2016 });
    expect(identity.licenceImg).toMatch(/^https?:\/\/.+\/upload\/img\/certificates\/cma\.svg$|^\/upload\/img\/certificates\/cma\.svg$/);

    // cleared again: blank parts, nothing for the footer to show
    await post('/api/admin/content/settings/identity', admin, { icp: '', police: '', company: '', licenceImg: '', founded: 2016 });
    expect((await publicSettings()).identity).toEqual({ icp: '', police: '', policeCode: '', company: '', licenceImg: '', founded: 2016, qrOfficial: '', qrConsult: '', qrMiniapp: '' });
  });

  it('refuses a malformed number, and anyone but an admin', async () => {
    const bad = await post('/api/admin/content/settings/identity', admin, { icp: '12345' });
    expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('[ICP备案号]') });
    const police = await post('/api/admin/content/settings/identity', admin, { police: '公安备案' });
    expect(police.msg).toContain('[公安机关备案号]');
    expect((await post('/api/admin/content/settings/identity', sales, { icp: '沪ICP备12345678号' })).status).toBe(403);
  });
});

describe('资质证书', () => {
  const form = (overrides: Record<string, string | number> = {}) => ({
    name: 'CNAS 实验室认可证书',
    img: '/upload/img/certificates/cnas.svg',
    number: 'CNAS L12345',
    issuer: '中国合格评定国家认可委员会',
    scope: '材料成分与结构分析',
    validFrom: '2024-03-01',
    validTo: '2030-02-28',
    demo: '0',
    ...overrides,
  });

  it('the seed draws demo certificates: listed publicly as demo, never with their number', async () => {
    const seeded = await t.db.select().from(certificates);
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    expect(seeded.every((c) => c.demo)).toBe(true);
    const listed = await publicCertificates();
    const demo = listed.filter((c) => c.demo);
    expect(demo).toHaveLength(seeded.length);
    expect(demo.every((c) => c.number === null)).toBe(true);
    // nor anywhere else in the answer
    const answer = JSON.stringify(listed);
    for (const c of seeded) expect(answer).not.toContain(c.number);
  });

  it('admin adds, edits and deletes (audited); the public list follows; expired and not-yet-valid ones are hidden', async () => {
    const added = await post<AdminCertificate>('/api/admin/content/certificate/add', admin, form());
    expect(added).toMatchObject({ code: 1, msg: '资质证书已添加', data: { name: 'CNAS 实验室认可证书', number: 'CNAS L12345', demo: false, expired: false } });
    expect(await lastAudit()).toMatchObject({ action: 'content.certificate.add', entity: 'certificate', targetKey: String(added.data.id) });
    expect((await publicCertificates()).find((c) => c.id === added.data.id)).toMatchObject({ number: 'CNAS L12345', issuer: '中国合格评定国家认可委员会', validTo: '2030-02-28' });

    const edited = await post<AdminCertificate>('/api/admin/content/certificate/edit', admin, form({ id: added.data.id, validTo: '2026-11-25' }));
    expect(edited.data).toMatchObject({ validTo: '2026-11-25', expired: true });
    expect((await publicCertificates()).map((c) => c.id)).not.toContain(added.data.id);
    // the admin list keeps it, marked expired
    const adminList = await post<AdminCertificate[]>('/api/admin/content/certificate/list', admin);
    expect(adminList.data.find((c) => c.id === added.data.id)).toMatchObject({ expired: true });

    // valid through its last day (lab calendar), not before its first
    await post('/api/admin/content/certificate/edit', admin, form({ id: added.data.id, validTo: '2026-11-26' }));
    expect((await publicCertificates()).map((c) => c.id)).toContain(added.data.id);
    const future = await post<AdminCertificate>('/api/admin/content/certificate/add', admin, form({ validFrom: '2026-12-01', number: 'CNAS L99999' }));
    expect((await publicCertificates()).map((c) => c.id)).not.toContain(future.data.id);

    expect((await post('/api/admin/content/certificate/delete', admin, { id: future.data.id })).msg).toBe('资质证书已删除');
    expect(await t.db.select().from(certificates).where(eq(certificates.id, future.data.id))).toHaveLength(0);
    expect((await post('/api/admin/content/certificate/delete', admin, { id: future.data.id })).status).toBe(404);
    await post('/api/admin/content/certificate/delete', admin, { id: added.data.id });
  });

  it('refuses an end before the start, a missing number, and anyone but an admin', async () => {
    expect((await post('/api/admin/content/certificate/add', admin, form({ validFrom: '2027-01-01', validTo: '2026-01-01' }))).msg).toContain('[有效期至]');
    expect((await post('/api/admin/content/certificate/add', admin, form({ number: '' }))).msg).toContain('[证书编号]');
    expect((await post('/api/admin/content/certificate/list', sales)).status).toBe(403);
  });

  it('reminds the admins 30 days before a certificate ends, once however often the job runs', async () => {
    const soon = await post<AdminCertificate>('/api/admin/content/certificate/add', admin, form({ name: 'ISO 9001 认证证书', number: 'ISO-1', validTo: '2026-12-20' }));
    const later = await post<AdminCertificate>('/api/admin/content/certificate/add', admin, form({ name: '远期证书', number: 'ISO-2', validTo: '2027-01-10' }));
    const remind = (at: Date) => sendReminders(t.db, { sms: t.app.deps.sms, email: t.app.deps.email }, at);

    const first = await remind(NOW);
    expect(first.certificates).toEqual([soon.data.id]);
    const [alert] = await t.db.select().from(staffAlerts).where(eq(staffAlerts.key, `certificate:${soon.data.id}:2026-12-20`));
    expect(alert).toMatchObject({ kind: 'certificate_expiring', role: 'admin', title: '资质证书即将到期：ISO 9001 认证证书', link: '/admin/content/certificates' });
    expect((await remind(NOW)).certificates).toEqual([]);
    expect(await t.db.select({ n: count() }).from(staffAlerts).where(eq(staffAlerts.key, `certificate:${soon.data.id}:2026-12-20`))).toEqual([{ n: 1 }]);

    // the later one enters its 30 days on 12-11 (lab calendar)
    expect((await remind(new Date('2026-12-10T02:00:00Z'))).certificates).toEqual([]);
    expect((await remind(new Date('2026-12-11T02:00:00Z'))).certificates).toEqual([later.data.id]);

    // renewed: a new end date is reminded again before it comes
    await post('/api/admin/content/certificate/edit', admin, form({ id: soon.data.id, name: 'ISO 9001 认证证书', number: 'ISO-1', validTo: '2029-12-20' }));
    expect((await remind(new Date('2029-11-25T02:00:00Z'))).certificates).toContain(soon.data.id);

    await post('/api/admin/content/certificate/delete', admin, { id: soon.data.id });
    await post('/api/admin/content/certificate/delete', admin, { id: later.data.id });
  });
});

describe('one source for every figure', () => {
  /** Every public answer a page draws its text from (the server-drawn pages too: home and item pages). */
  async function publicTexts() {
    const texts: { where: string; text: string }[] = [];
    const home = await call<HomeData>(t.app, 'GET', '/api/open/web/index');
    texts.push(...textsOf(home.data, 'home'));
    for (const key of pageKeys) texts.push(...textsOf((await call<ContentPage>(t.app, 'GET', '/api/open/web/page', { query: { key } })).data, `page:${key}`));
    const ability = (await call<AbilityShowcase>(t.app, 'POST', '/api/open/ability/index')).data;
    texts.push(...textsOf(ability, 'ability'), ...ability.figures.map((f) => ({ where: `ability.figure:${f.label}`, text: `${f.value.toLocaleString('zh-CN')} ${f.unit}` })));
    for (const kind of ['news', 'course', 'service'] as const) {
      const list = (await call<Page<ArticleSummary>>(t.app, 'POST', '/api/open/web/news/list4index', { form: { kind, pageSize: 100 } })).data;
      texts.push(...textsOf(list, `articles:${kind}`));
      for (const a of list.list) texts.push(...textsOf((await call<ArticleDetail>(t.app, 'POST', '/api/open/news/detail', { form: { id: a.rid } })).data, `article:${a.title}`));
    }
    texts.push(...textsOf((await call<unknown>(t.app, 'POST', '/api/open/web/acknowledge/list4index', { form: { pageSize: 100 } })).data, 'thanks'));
    texts.push(...textsOf(await publicCertificates(), 'certificates'));
    for (const { rid } of await t.db.select({ rid: serviceItems.rid }).from(serviceItems).where(eq(serviceItems.published, true))) {
      texts.push(...textsOf((await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid } })).data, `detail:${rid}`));
    }
    return texts;
  }

  it('counts instruments, completed orders, customers and years from the data, recounted on a content change', async () => {
    const [models] = await t.db
      .select({ n: sql<number>`count(distinct ${serviceItems.model})`.mapWith(Number) })
      .from(serviceItems)
      .where(and(eq(serviceItems.published, true), sql`${serviceItems.model} <> ''`));
    expect(await siteFigures(t.db, NOW)).toMatchObject({ instruments: models!.n, years: 10, founded: 2016 });

    // orders completed and a customer joining change no content: counted on the next content change
    await seedBusyMember(t.db, 40, NOW);
    await post('/api/admin/content/settings/identity', admin, { founded: 2016 });
    const [done] = await t.db.select({ n: count() }).from(orders).where(eq(orders.progress, 'completed'));
    const [people] = await t.db.select({ n: count() }).from(members);
    const figures = await siteFigures(t.db, NOW);
    expect(done!.n).toBeGreaterThan(0);
    expect(figures).toEqual({ instruments: models!.n, ordersDone: done!.n, customers: people!.n, years: 10, founded: 2016 });
    expect(await countSiteFigures(t.db, NOW)).toEqual(figures);
  });

  it('an order completed makes the public pages recount the orders done at once', async () => {
    const counted = (await countSiteFigures(t.db, NOW)).ordersDone;
    expect(await siteFigures(t.db, NOW)).toMatchObject({ ordersDone: counted });
    const [item] = await t.db.select().from(serviceItems).where(eq(serviceItems.published, true)).limit(1);
    const buyer = await makeMember(t.db, { phone: '13900007731' });
    const order = await makeProgressOrder(t, item!, buyer.id, { progress: 'delivered' });
    const version = await getContentVersion(t.db);
    const servedBefore = (await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: item!.rid } })).data.order;
    await confirmData(t.db, buyer.id, order.orderNo, NOW);
    expect(await getContentVersion(t.db)).toBe(version + 1);
    // the item's 已服务 N 单 counts it too
    expect((await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: item!.rid } })).data.order).toBe(servedBefore + 1);
    expect((await siteFigures(t.db, NOW)).ordersDone).toBe(counted + 1);
    // what the pages state (cached per content version) agrees with the data again at once
    expect(disagreements(await publicTexts(), await countSiteFigures(t.db, NOW))).toEqual([]);
  });

  it('after the demo seed, each item states as many orders served as the data holds', async () => {
    await recountItemOrders(t.db);
    const counted = await queryRows<{ id: number; n: number }>(t.db, sql`select l.item_id as id, count(distinct l.order_id)::int as n from order_lines l join orders o on o.id = l.order_id where o.progress = 'completed' group by l.item_id`);
    const byItem = new Map(counted.map((r) => [Number(r.id), Number(r.n)]));
    for (const row of await t.db.select({ id: serviceItems.id, rid: serviceItems.rid, published: serviceItems.published }).from(serviceItems)) {
      if (!row.published) continue;
      const stated = (await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: row.rid } })).data.order;
      expect(stated, row.rid).toBe(byItem.get(row.id) ?? 0);
    }
  });

  it('no public page states an instrument or order count other than the count, and no token is left unfilled', async () => {
    const figures = await siteFigures(t.db, NOW);
    const texts = await publicTexts();
    expect(texts.filter(({ text }) => text.includes('{{'))).toEqual([]);
    expect(disagreements(texts, figures)).toEqual([]);
    // the figures are stated where the customer reads them: the home banner, the about page and /televised
    const stated = texts.flatMap(({ where, text }) => statedFigures(text, where));
    expect(stated.filter((f) => f.kind === 'instruments').map((f) => f.where)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^home\.bannerArr/), expect.stringMatching(/^page:profile/), 'ability.figure:在线仪器']),
    );
    expect(stated.filter((f) => f.kind === 'ordersDone').map((f) => f.where)).toEqual(expect.arrayContaining([expect.stringMatching(/^page:profile/), 'ability.figure:已完成订单']));
  });

  it('fails when someone hard-codes a figure (the negative case)', async () => {
    const figures = await siteFigures(t.db, NOW);
    // the old texts the careful customer found
    for (const text of ['300+ 台套大型仪器', '大型仪器 300 余台套', '累计完成检测订单超过 60 万单', '76 台套仪器设备 · 279,886 单']) {
      expect(disagreements([{ where: 'old', text }], figures).length, text).toBeGreaterThan(0);
    }
    // and through the site itself: a banner typed with a number instead of the token
    await addBanner(t.db, { img: '/upload/img/banners/banner-1.svg', redirect: undefined, title: '大型仪器平台', description: `${figures.instruments + 200}+ 台套大型仪器`, visible: true }, '');
    const found = disagreements(await publicTexts(), figures);
    expect(found).toEqual([expect.objectContaining({ kind: 'instruments', value: figures.instruments + 200, where: expect.stringMatching(/^home\.bannerArr/) })]);
    // the same banner with the token agrees
    expect(disagreements([{ where: 'x', text: fillFigures('{{instruments}}+ 台套大型仪器', figures) }], figures)).toEqual([]);
  });

  it('does not mistake other numbers for counts', () => {
    expect(statedFigures('单原子 Pt、1 mg 样品、单晶衍射 2 单色 Al Kα、下单后 2 小时、n(1−P/P0) 随 P/P0 单调增加', 'x')).toEqual([]);
  });
});

describe('an item page a customer learns from', () => {
  it('states the standards, sample preparation and report contents, and links a sample report that downloads as a PDF', async () => {
    const techniques: [string, RegExp][] = [
      ['XRD 粉末衍射（物相分析）', /JY\/T 0587-2020/],
      ['场发射扫描电镜 SEM（形貌）', /GB\/T 16594-2008/],
      ['X 射线光电子能谱 XPS', /GB\/T 19500-2004/],
      ['液体核磁 1H/13C（400 MHz）', /JY\/T 0578-2020/],
    ];
    for (const [name, standard] of techniques) {
      const [item] = await t.db.select({ rid: serviceItems.rid }).from(serviceItems).where(eq(serviceItems.name, name));
      const detail = (await call<DeviceDetail>(t.app, 'GET', '/api/open/web/device/detail', { query: { rid: item!.rid } })).data;
      expect(detail.standards.join('\n'), name).toMatch(standard);
      expect(detail.samplePrep.length, name).toBeGreaterThan(60);
      expect(detail.reportContents.length, name).toBeGreaterThan(60);
      expect(detail.sampleReport, name).toMatch(/\/upload\/img\/reports\/[a-z]+-sample-report\.pdf$/);
      const pdf = await t.app.inject({ method: 'GET', url: new URL(detail.sampleReport!, 'http://x').pathname });
      expect(pdf.statusCode, name).toBe(200);
      expect(pdf.headers['content-type'], name).toMatch(/^application\/pdf/);
      expect(pdf.rawPayload.subarray(0, 5).toString(), name).toBe('%PDF-');
      expect(pdf.rawPayload.length, name).toBeLessThan(400_000);
    }
  });

  it('the back office reads the new fields for its edit form', async () => {
    const [item] = await t.db.select({ rid: serviceItems.rid }).from(serviceItems).where(eq(serviceItems.name, 'XRD 粉末衍射（物相分析）'));
    const got = await post<{ standards: string[]; sampleReport: string | null; samplePrep: string }>('/api/admin/catalog/item/detail', admin, { rid: item!.rid });
    expect(got.data).toMatchObject({ standards: expect.arrayContaining([expect.stringContaining('JY/T 0587-2020')]), sampleReport: '/upload/img/reports/xrd-sample-report.pdf' });
  });
});
