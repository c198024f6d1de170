import { expect } from 'vitest';
import type { PricedOption, Requirement } from '@lab/contract';
import { call, createTestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import type { AdminRequirement } from './requirements.service';

/**
 * Shared setup of the requirement tests (requirements-*.test.ts): the test context with the
 * catalogue, a sales and a lab staff member and three items; the member's calls, a
 * requirement as demand/add stores it, the quote's option choices and prices, multipart files.
 */

type Item = typeof serviceItems.$inferSelect;

/** The test context of a requirements test file, at 2026-12-01 10:00 in Shanghai, with an item with two options (XRD), one with none, and an on-site instrument. */
export async function requirementsSuite() {
  const t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  const sales = await makeStaff(t.db, 'sales', t.clock.now());
  const lab = await makeStaff(t.db, 'lab', t.clock.now());
  const items = await t.db.select().from(serviceItems);
  const xrd: Item = items.find((i) => i.name === 'XRD 粉末衍射（物相分析）')!;
  const plain: Item = items.find((i) => i.typeId === 1 && !i.reservable && (i.options as PricedOption[]).length === 0) ?? items.find((i) => i.typeId === 1 && (i.options as PricedOption[]).length === 1)!;
  const onsite: Item = items.find((i) => i.reservable)!;
  expect(xrd).toBeDefined();
  expect(onsite).toBeDefined();
  return { t, sales, lab, xrd, plain, onsite };
}
export type RequirementsSuite = Awaited<ReturnType<typeof requirementsSuite>>;
export type Staff = RequirementsSuite['sales'];
export type { Item };

export type Who = { token: string; member: { id: number; rid: string } };

export const good = { title: 'XRD 物相分析', content: '锂电正极材料，需要确认是否有杂相', samples: '粉末 3 个，每个约 200 mg', budget: '1000 元以内', deadline: '2026-12-20', contact: '张老师', phone: '13800138000' };

// ---- multipart ----
export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
export const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 65)]);
export const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);

/** The calls of the requirement tests over the file's suite: `suite` is read at each call, after beforeAll has set it. */
export function requirementCalls(suite: () => RequirementsSuite) {
  const member = () => makeLoggedInMember(suite().t.db, suite().t.clock.now(), { name: '张老师', company: '复旦大学' });
  const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
    call<T>(suite().t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });

  const addRequirement = async (who: Who, extra: Record<string, string> = {}) => {
    const res = await post<Requirement>('/api/auth/demand/add', who, { ...good, ...extra });
    expect(res.code).toBe(1);
    return res.data;
  };

  const xrdOptions = () => {
    const [speed, temp] = suite().xrd.options as PricedOption[];
    return { [speed!.id]: speed!.choices[1]!.id, [temp!.id]: temp!.choices[0]!.id };
  };
  const xrdUnitFen = () => {
    const { xrd } = suite();
    const [speed, temp] = xrd.options as PricedOption[];
    return xrd.priceFen + speed!.choices[1]!.priceFen + temp!.choices[0]!.priceFen;
  };
  const plainOptions = () => Object.fromEntries((suite().plain.options as PricedOption[]).map((o) => [o.id, o.choices[0]!.id]));
  const plainUnitFen = () => suite().plain.priceFen + (suite().plain.options as PricedOption[]).reduce((n, o) => n + o.choices[0]!.priceFen, 0);

  const quote = (rid: string, lines: unknown, note = '含数据分析报告') => post<AdminRequirement>('/api/admin/demand/quote', suite().sales, { rid, lines: JSON.stringify(lines), note });

  function upload(url: string, token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; filename: string }) {
    const boundary = '----s5boundary';
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return suite().t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  }
  const attach = (who: Who, rid: string, content: Buffer, filename = 'a.png') => upload('/api/auth/demand/file', who.token, { rid }, { content, filename });

  return { member, post, addRequirement, xrdOptions, xrdUnitFen, plainOptions, plainUnitFen, quote, upload, attach };
}
