import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationCodeOf, hasChinese, type OrderConditionsView, type PaperMethods, type PointsApplication, type ThanksEntry } from '@lab/contract';
import { contentVersion } from '../areas/content/content.tables';
import { createTestContext, type TestContext } from '../../test/harness';
import { versionOf } from '../../test/decision-pins';
import { makeLoggedInMember } from '../../test/factories';
import { randomId } from '../platform/crypto';
import { seedCatalog } from '../areas/catalog/catalog.seed';
import { serviceItems } from '../areas/catalog/catalog.tables';
import { newOrderNo } from '../areas/orders/order-core';
import { orderLines, orders } from '../areas/orders/orders.tables';
import { orderConditions } from '../areas/orders/desk/conditions.tables';
import { memberPost, staffOf, staffPost, type Person, type Staff } from '../areas/member/member-admin.test-helpers';

/**
 * 论文方法与致谢 (decisions/0058): the methods paragraphs of the five tests a materials paper cites
 * most, before and after the lab confirmed the conditions used; English without Chinese; the
 * .txt and .docx; the staff consent to be named; a paper quoting the citation code earns points.
 */

let t: TestContext;
let lab: Staff;
let sales: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  [lab, sales] = await Promise.all([staffOf(t, 'lab'), staffOf(t, 'sales')]);
});
afterAll(() => t?.close());

const member = () => makeLoggedInMember(t.db, t.clock.now(), { name: '李老师' });

/** A delivered order of one item, the options chosen by their labels (first choice of the rest). */
async function deliveredOrder(who: Person, itemName: string, chosen: Record<string, string> = {}, progress: 'delivered' | 'testing' = 'delivered') {
  const [item] = await t.db.select().from(serviceItems).where(eq(serviceItems.name, itemName));
  const now = t.clock.now();
  const options = item!.options.map((o) => {
    const choice = o.choices.find((c) => c.label === chosen[o.name]) ?? o.choices[0]!;
    return { optionId: o.id, choiceId: choice.id, name: o.name, label: choice.label, priceFen: choice.priceFen };
  });
  const [order] = await t.db
    .insert(orders)
    .values({ orderNo: newOrderNo(now), memberId: who.member.id, title: item!.name, lineCount: 1, sampleCount: 1, totalFen: item!.priceFen, progress, payment: 'paid', deliveredAt: now, createdAt: now, updatedAt: now })
    .returning();
  const rid = randomId();
  await t.db.insert(orderLines).values({ rid, orderId: order!.id, itemId: item!.id, name: item!.name, img: item!.img, typeId: item!.typeId, groupId: item!.groupId, unit: item!.unit, count: 1, options, unitPriceFen: item!.priceFen, amountFen: item!.priceFen });
  return { order: order!, item: item!, lineRid: rid };
}

const methodsOf = (who: Person, orderNo: string) => memberPost<PaperMethods>(t, '/api/auth/order/methods', who, { order_no: orderNo });
const choiceId = (item: typeof serviceItems.$inferSelect, option: string, label: string) => {
  const o = item.options.find((x) => x.name === option)!;
  return [String(o.id), o.choices.find((c) => c.label === label)!.id] as const;
};
const confirm = (orderNo: string, lines: unknown[], extra: Record<string, unknown> = {}) =>
  staffPost<OrderConditionsView>(t, '/api/admin/orders/conditions/confirm', lab, { order_no: orderNo, lines: JSON.stringify(lines), ...extra });

const englishOf = (m: PaperMethods) => [...m.tests.map((x) => x.en), m.acknowledgement.en].join('\n');

/** Each test: its item, what was ordered, what the lab used instead, and words each text must hold. */
const cases = [
  { test: 'XRD', item: 'XRD 粉末衍射（物相分析）', ordered: { 扫描速度: '常规 10°/min' }, used: ['扫描速度', '慢扫 2°/min（精修用）'], zh: ['Bruker D8 Advance', '德国', '扫描速度 10°/min'], zhUsed: '扫描速度 2°/min', en: ['Bruker D8 Advance (Bruker AXS, Germany)', 'Cu Kα', '10° min⁻¹'], enUsed: '2° min⁻¹' },
  { test: 'SEM', item: 'SEM + EDS 面扫（热场）', ordered: { 面扫元素: '≤ 5 种' }, used: ['面扫元素', '6–10 种'], zh: ['ZEISS Sigma 300', '卡尔蔡司', '面扫元素不超过 5 种'], zhUsed: '面扫元素 6–10 种', en: ['ZEISS Sigma 300 (Carl Zeiss, Germany)', 'Up to five elements'], enUsed: 'Six to ten elements' },
  { test: 'XPS', item: 'X 射线光电子能谱 XPS', ordered: { 精细谱元素数: '3 个以内', 附加: '无' }, used: ['附加', 'Ar 离子刻蚀深度剖析'], zh: ['Thermo Scientific ESCALAB 250Xi', 'Al Kα', '3 个元素'], zhUsed: 'Ar⁺ 离子刻蚀', en: ['Thermo Scientific ESCALAB 250Xi (Thermo Fisher Scientific, USA)', '284.8 eV'], enUsed: 'depth profiling' },
  { test: 'NMR', item: '液体核磁 1H/13C（400 MHz）', ordered: { 核: '1H', 二维: '不需要' }, used: ['核', '13C'], zh: ['Bruker AVANCE NEO 400', 'TopSpin', '¹H 谱'], zhUsed: '¹³C 谱', en: ['Bruker AVANCE NEO 400 (Bruker BioSpin, Switzerland)', '¹H spectra'], enUsed: '¹³C spectra' },
  { test: 'BET', item: '比表面积及孔径分布 BET', ordered: { 孔径: '介孔（BJH）', 吸附质: 'N2' }, used: ['吸附质', 'CO2（273 K）'], zh: ['Micromeritics ASAP 2460', 'BJH', '77 K'], zhUsed: '273 K', en: ['Micromeritics ASAP 2460 (Micromeritics Instrument Corporation, USA)', 'BJH method', '77 K'], enUsed: '273 K' },
] as const;

describe('methods text per test', () => {
  for (const c of cases) {
    it(`${c.test}: a draft from the ordered conditions, then the conditions the lab confirmed; English without Chinese`, async () => {
      const who = await member();
      const { order, item, lineRid } = await deliveredOrder(who, c.item, c.ordered);
      const draft = (await methodsOf(who, order.orderNo)).data;
      expect(draft).toMatchObject({ draft: true, confirmedAt: null, citationCode: citationCodeOf(order.orderNo) });
      const [test] = draft.tests;
      expect(test!.described).toBe(true);
      for (const words of c.zh) expect(test!.zh).toContain(words);
      for (const words of c.en) expect(test!.en).toContain(words);
      expect(test!.zh).not.toContain(c.zhUsed);
      expect(hasChinese(englishOf(draft))).toBe(false);
      expect(draft.acknowledgement.zh).toContain(`引用代码：${draft.citationCode}`);
      expect(draft.acknowledgement.en).toContain(`citation code: ${draft.citationCode}`);

      const [optionId, usedChoice] = choiceId(item, c.used[0], c.used[1]);
      const ordered = Object.fromEntries(item.options.map((o) => [String(o.id), o.choices.find((x) => x.label === (c.ordered as Record<string, string>)[o.name])?.id ?? o.choices[0]!.id]));
      const res = await confirm(order.orderNo, [{ rid: lineRid, choices: { ...ordered, [optionId]: usedChoice }, noteZh: '样品于 60 ℃ 干燥 12 h', noteEn: 'Samples were dried at 60 °C for 12 h' }]);
      expect(res).toMatchObject({ status: 200, msg: '测试条件已确认', data: { confirmed: { credited: false } } });
      const final = (await methodsOf(who, order.orderNo)).data;
      expect(final.draft).toBe(false);
      expect(final.tests[0]!.zh).toContain(c.zhUsed);
      expect(final.tests[0]!.en).toContain(c.enUsed);
      expect(final.tests[0]!.zh).toContain('样品于 60 ℃ 干燥 12 h');
      expect(final.tests[0]!.en).toContain('Samples were dried at 60 °C for 12 h.');
      expect(hasChinese(englishOf(final))).toBe(false);
    });
  }
});

describe('acknowledgement, files and refusals', () => {
  it('names the confirming staff member only with their consent, in Chinese and in letters', async () => {
    const who = await member();
    const { order, lineRid } = await deliveredOrder(who, 'X 射线光电子能谱 XPS');
    expect(await confirm(order.orderNo, [{ rid: lineRid, choices: {} }], { credit_me: '1' })).toMatchObject({ status: 400, msg: '[英文署名]不能为空：同意署名时请填写姓名拼音' });
    expect(await confirm(order.orderNo, [{ rid: lineRid, choices: {} }], { credit_me: '1', credit_name_en: '张 三' })).toMatchObject({ status: 400 });
    expect(await t.db.select().from(orderConditions).where(eq(orderConditions.orderId, order.id))).toEqual([]);
    expect((await methodsOf(who, order.orderNo)).data.acknowledgement.zh).not.toContain('测试lab');
    expect(await confirm(order.orderNo, [{ rid: lineRid, choices: {} }], { credit_me: '1', credit_name_en: 'Ce Shi' })).toMatchObject({ status: 200, data: { confirmed: { credited: true, creditNameEn: 'Ce Shi' } } });
    const m = (await methodsOf(who, order.orderNo)).data;
    expect(m.acknowledgement.zh).toMatch(/^感谢科研检测中心（科研检测中心表面分析室）提供X 射线光电子能谱（XPS）测试服务（仪器共享编号：SH-XPS-0107），感谢测试lab在测试中给予的帮助（引用代码：KY-[0-9A-Z]{5}-[0-9A-Z]{5}）。$/);
    expect(m.acknowledgement.en).toContain('and Ce Shi for technical assistance');
    expect(hasChinese(m.acknowledgement.en)).toBe(false);
    // confirming again without consent takes the name out
    await confirm(order.orderNo, [{ rid: lineRid, choices: {} }]);
    expect((await methodsOf(who, order.orderNo)).data.acknowledgement.en).not.toContain('Ce Shi');
  });

  it('gives a .txt marked 草稿 and a .docx whose document.xml holds the text', async () => {
    const who = await member();
    const { order } = await deliveredOrder(who, '液体核磁 1H/13C（400 MHz）');
    const txt = await t.app.inject({ method: 'GET', url: '/api/auth/order/methods/txt', query: { order_no: order.orderNo }, headers: { token: who.token } });
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-disposition']).toContain(encodeURIComponent(`论文方法与致谢-${order.orderNo}-草稿.txt`));
    expect(txt.body).toContain('【草稿】');
    expect(txt.body).toContain('Bruker AVANCE NEO 400');
    const docx = await t.app.inject({ method: 'GET', url: '/api/auth/order/methods/docx', query: { order_no: order.orderNo }, headers: { token: who.token } });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('\n');
    expect(text).toContain('【草稿】');
    expect(text).toContain('核磁共振（NMR）测试采用瑞士布鲁克公司生产的 Bruker AVANCE NEO 400 型仪器进行。');
    expect(text).toContain('Nuclear magnetic resonance (NMR) spectroscopy was performed on a Bruker AVANCE NEO 400 (Bruker BioSpin, Switzerland).');
    expect(text).toContain(citationCodeOf(order.orderNo));
  });

  it('answers 404 for another member’s order, 409 before delivery; bad conditions change nothing', async () => {
    const who = await member();
    const other = await member();
    const { order, lineRid } = await deliveredOrder(who, 'XRD 粉末衍射（物相分析）');
    expect(await methodsOf(other, order.orderNo)).toMatchObject({ status: 404 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/order/methods/docx', query: { order_no: order.orderNo }, headers: { token: other.token } })).statusCode).toBe(404);
    const testing = await deliveredOrder(who, 'XRD 粉末衍射（物相分析）', {}, 'testing');
    expect(await methodsOf(who, testing.order.orderNo)).toMatchObject({ status: 409, msg: '数据交付后才能生成论文方法与致谢' });
    expect(await confirm(order.orderNo, [{ rid: lineRid, choices: { '1': 999 } }])).toMatchObject({ status: 400, msg: '[测试条件]「XRD 粉末衍射（物相分析）」的选项不存在，请刷新后重试' });
    expect(await confirm(order.orderNo, [{ rid: lineRid, choices: {}, noteEn: '室温' }])).toMatchObject({ status: 400, msg: '[补充条件（英文）]请用英文填写，不能包含中文字符或全角标点' });
    expect(await confirm(order.orderNo, [{ rid: 'nope', choices: {} }])).toMatchObject({ status: 400 });
    expect(await staffPost(t, '/api/admin/orders/conditions/confirm', sales, { order_no: order.orderNo, lines: '[]' })).toMatchObject({ status: 403 });
    expect(await t.db.select().from(orderConditions).where(eq(orderConditions.orderId, order.id))).toEqual([]);
    expect((await methodsOf(who, order.orderNo)).data.draft).toBe(true);
  });
});

describe('a paper quoting the citation code', () => {
  it('is linked to the order and earns points once approved; a mistyped code is refused', async () => {
    const who = await member();
    const { order } = await deliveredOrder(who, '比表面积及孔径分布 BET');
    const code = citationCodeOf(order.orderNo)!;
    const typo = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    expect(await memberPost(t, '/api/auth/integration/apply', who, { title: 'MOF 的孔结构', journal: 'JACS', citation_code: typo })).toMatchObject({
      status: 400,
      msg: '[引用代码]无效，请核对论文致谢中的引用代码（形如 KY-XXXXX-XXXXX）',
    });
    const applied = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', who, { title: 'MOF 的孔结构', journal: 'JACS', citation_code: code.toLowerCase().replace(/-/g, ' ') });
    expect(applied).toMatchObject({ status: 200, data: { citationCode: code, status: 'pending' } });
    const list = await staffPost<{ list: { rid: string; citedOrderNo: string | null; citationCode: string | null }[] }>(t, '/api/admin/growth/points/applications', sales, { status: 'pending' });
    expect(list.data.list.find((a) => a.rid === applied.data.rid)).toMatchObject({ citationCode: code, citedOrderNo: order.orderNo });
    const approve = await staffPost(t, '/api/admin/growth/points/approve', sales, { rid: applied.data.rid, version: await versionOf(t.db, 'points', applied.data.rid), points: 500 });
    expect(approve).toMatchObject({ status: 200 });
    const overview = await memberPost<{ balance: number }>(t, '/api/auth/web/integration/init', who, {});
    expect(overview.data.balance).toBe(500);
  });

  it('feeds the public 论文致谢 list once approved, with only what the member agreed to show; without consent or without a code it stays off the list', async () => {
    const thanks = async () => (await memberPost<{ list: ThanksEntry[]; total: number }>(t, '/api/open/web/acknowledge/list4index', undefined, { page: '1', pageSize: '50' })).data.list;
    const approve = async (rid: string) => expect(await staffPost(t, '/api/admin/growth/points/approve', sales, { rid, version: await versionOf(t.db, 'points', rid), points: 100 })).toMatchObject({ status: 200, code: 1 });
    const before = (await thanks()).length;
    const versionBefore = (await t.db.select().from(contentVersion))[0]?.version ?? 0;

    // bad input: showing the affiliation needs one; showing at all needs the code — refused, nothing written
    const who = await member();
    const { order } = await deliveredOrder(who, 'XRD 粉末衍射（物相分析）');
    const code = citationCodeOf(order.orderNo)!;
    expect(await memberPost(t, '/api/auth/integration/apply', who, { title: '钙钛矿薄膜的相变', journal: 'Advanced Materials', citation_code: code, thanks_consent: 'paper_affiliation' })).toMatchObject({ status: 400, msg: '[展示单位]不能为空' });
    expect(await memberPost(t, '/api/auth/integration/apply', who, { title: '钙钛矿薄膜的相变', journal: 'Advanced Materials', thanks_consent: 'paper' })).toMatchObject({ status: 400, msg: '[引用代码]在网站展示论文须填写引用代码' });

    // agreed to the paper and the affiliation, with the acknowledgement as printed
    const shown = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', who, {
      title: '钙钛矿薄膜的相变',
      journal: 'Advanced Materials',
      doi: '10.1002/adma.202612345',
      published_on: '2026-11-20',
      citation_code: code,
      thanks_consent: 'paper_affiliation',
      affiliation: '复旦大学 材料科学系',
      acknowledgement: 'We thank the Lab Testing Center for XRD measurements.',
    });
    expect(shown).toMatchObject({ status: 200, data: { thanksConsent: 'paper_affiliation', thanksConsentText: '展示论文和我的单位' } });
    expect((await thanks()).length).toBe(before);
    await approve(shown.data.rid);
    const [first] = await thanks();
    expect(first).toEqual({
      company: '复旦大学 材料科学系',
      title: order.title,
      code: 'Advanced Materials, 2026',
      content: 'We thank the Lab Testing Center for XRD measurements.',
      sketch: '钙钛矿薄膜的相变',
      source: 'https://doi.org/10.1002/adma.202612345',
    });
    // the public pages' caches see it: the content version moved
    expect((await t.db.select().from(contentVersion))[0]!.version).toBeGreaterThan(versionBefore);

    // agreed to the paper only: no affiliation, the sentence names the tests and the code
    const other = await member();
    const second = await deliveredOrder(other, '比表面积及孔径分布 BET');
    const otherCode = citationCodeOf(second.order.orderNo)!;
    const paperOnly = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', other, { title: '分级孔碳的吸附', journal: 'Carbon', citation_code: otherCode, thanks_consent: 'paper', affiliation: '不该出现的单位' });
    await approve(paperOnly.data.rid);
    expect((await thanks())[0]).toMatchObject({ company: '作者单位未公开', title: second.order.title, code: 'Carbon', sketch: '分级孔碳的吸附', source: null });
    expect((await thanks())[0]!.content).toContain(`引用代码 ${otherCode}`);
    expect(JSON.stringify(await thanks())).not.toContain('不该出现的单位');

    // no consent, or no code: approved and rewarded, not listed
    const quiet = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', other, { title: '不公开的论文', journal: 'Small', citation_code: otherCode });
    expect(quiet.data.thanksConsent).toBe('none');
    await approve(quiet.data.rid);
    const noCode = await memberPost<PointsApplication>(t, '/api/auth/integration/apply', other, { title: '没有引用代码的论文', journal: 'Small' });
    await approve(noCode.data.rid);
    const listed = await thanks();
    expect(listed.length).toBe(before + 2);
    expect(listed.map((e) => e.sketch)).not.toContain('不公开的论文');
    expect(listed.map((e) => e.sketch)).not.toContain('没有引用代码的论文');
  });
});
