import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationCodeOf, orderNoOfCitationCode, type AdminItemMethods } from '@lab/contract';
import { createTestContext, type TestContext } from '../../../test/harness';
import { staffOf, staffPost, type Staff } from '../member/member-admin.test-helpers';
import { seedCatalog } from './catalog.seed';
import { serviceItems } from './catalog.tables';
import { itemMethods } from './methods.tables';

/** 仪器信息与条件表述 in the back office (decisions/0058): seeded for the demo, saved by admin, English kept free of Chinese. */

let t: TestContext;
let admin: Staff;
let lab: Staff;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  [admin, lab] = await Promise.all([staffOf(t, 'admin'), staffOf(t, 'lab')]);
});
afterAll(() => t?.close());

const itemNamed = async (name: string) => (await t.db.select().from(serviceItems).where(eq(serviceItems.name, name)))[0]!;

const form = (rid: string, overrides: Record<string, unknown> = {}) => ({
  rid,
  test_zh: '紫外光电子能谱（UPS）',
  test_en: 'Ultraviolet photoelectron spectroscopy (UPS)',
  make_zh: 'Thermo Scientific',
  make_en: 'Thermo Scientific',
  model: 'ESCALAB 250Xi',
  manufacturer_zh: '赛默飞世尔科技公司',
  manufacturer_en: 'Thermo Fisher Scientific',
  country_zh: '美国',
  country_en: 'USA',
  software_en: 'Avantage',
  conditions_en: 'He I radiation (21.22 eV) was used.',
  ...overrides,
});

describe('instrument words per item', () => {
  it('are seeded for the demo’s XRD, SEM, XPS, NMR and BET items with a phrase per option value', async () => {
    const seeded = await t.db.select({ id: itemMethods.itemId }).from(itemMethods);
    expect(seeded.length).toBe(7);
    const xrd = await itemNamed('XRD 粉末衍射（物相分析）');
    const res = await staffPost<AdminItemMethods>(t, '/api/admin/catalog/item/methods', admin, { rid: xrd.rid });
    expect(res.data).toMatchObject({ zh: { make: 'Bruker', model: 'D8 Advance', country: '德国' }, en: { manufacturer: 'Bruker AXS' }, facilityNo: 'SH-XRD-0312' });
    expect(res.data.phrases).toHaveLength(xrd.options.flatMap((o) => o.choices).length);
  });

  it('saves an item’s words and phrases; Chinese in an English field or a phrase for a value the item lacks changes nothing', async () => {
    const ups = await itemNamed('紫外光电子能谱 UPS（功函数）');
    expect(await staffPost(t, '/api/admin/catalog/item/methods/save', admin, form(ups.rid, { country_en: '美国' }))).toMatchObject({ status: 400, msg: '[产地（英文）]请用英文填写，不能包含中文字符或全角标点' });
    expect(await staffPost(t, '/api/admin/catalog/item/methods/save', admin, form(ups.rid, { phrases: JSON.stringify([{ optionId: 99, choiceId: 1, zh: '甲', en: 'a' }]) }))).toMatchObject({ status: 400, msg: '[选项表述]对应的选项不存在，请刷新后重试' });
    expect(await staffPost(t, '/api/admin/catalog/item/methods/save', lab, form(ups.rid))).toMatchObject({ status: 403 });
    expect(await t.db.select().from(itemMethods).where(eq(itemMethods.itemId, ups.id))).toEqual([]);
    const saved = await staffPost<AdminItemMethods>(t, '/api/admin/catalog/item/methods/save', admin, form(ups.rid));
    expect(saved).toMatchObject({ status: 200, msg: '仪器信息已保存', data: { zh: { test: '紫外光电子能谱（UPS）', software: '' }, en: { software: 'Avantage' } } });
  });
});

describe('citation codes', () => {
  it('lead back to the order number, whatever the case, spaces or look-alike letters; a wrong character is caught', () => {
    const code = citationCodeOf('KY2026120712345678')!;
    expect(code).toMatch(/^KY-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(orderNoOfCitationCode(code)).toBe('KY2026120712345678');
    expect(orderNoOfCitationCode(code.toLowerCase().replace(/-/g, ' '))).toBe('KY2026120712345678');
    expect(orderNoOfCitationCode(code.replace(/0/g, 'O'))).toBe('KY2026120712345678');
    for (let i = 3; i < code.length; i++) {
      if (code[i] === '-') continue;
      // every other character in this place (but the 0 ↔ Z pair, 31 apart, which mod 31 cannot tell)
      for (const c of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
        if (c === code[i] || (c + code[i] === '0Z' || c + code[i] === 'Z0')) continue;
        expect(orderNoOfCitationCode(code.slice(0, i) + c + code.slice(i + 1))).toBeNull();
      }
    }
    expect(citationCodeOf('R2026120712345678')).toBeNull();
  });
});
