import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OrderSample } from '@lab/contract';
import { call, createTestContext } from '../../../test/harness';
import { makeLoggedInMember, makeStaff } from '../../../test/factories';
import { tmpRoot } from '../../../test/template';
import { randomId } from '../../platform/crypto';
import { seedCatalog } from '../catalog/catalog.seed';
import { serviceItems } from '../catalog/catalog.tables';
import { ensureAgreement, type AdminContract } from './contracts.service';
import { newOrderNo } from './order-core';
import { orderLines, orders } from './orders.tables';

/**
 * Shared setup of the contract tests (contracts-*.test.ts): the test context with the
 * catalogue, a sales and a lab staff member and the XRD item; the member's calls, orders as
 * order/add leaves them, multipart uploads and a lab contract sent by sales.
 */

/** The test context of a contracts test file, at 2026-12-01 10:00 in Shanghai. */
export async function contractsSuite() {
  const t = await createTestContext({ now: '2026-12-01T02:00:00Z' });
  await seedCatalog(t.db);
  const sales = await makeStaff(t.db, 'sales', t.clock.now());
  const lab = await makeStaff(t.db, 'lab', t.clock.now());
  const [xrd] = await t.db.select().from(serviceItems).where(eq(serviceItems.name, 'XRD 粉末衍射（物相分析）'));
  const item = xrd!;
  return { t, sales, lab, item };
}
export type ContractsSuite = Awaited<ReturnType<typeof contractsSuite>>;
export type Staff = ContractsSuite['sales'];
export type Item = ContractsSuite['item'];

type Who = Awaited<ReturnType<typeof makeLoggedInMember>>;

export const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 9)]);
export const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 66)]);
export const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
export const storedPath = (kind: string, name: string) => path.join(tmpRoot, 'files', 'files', kind, name);

/** The calls of the contract tests over the file's suite: `suite` is read at each call, after beforeAll has set it. */
export function contractCalls(suite: () => ContractsSuite) {
  const member = (overrides: Parameters<typeof makeLoggedInMember>[2] = {}) => makeLoggedInMember(suite().t.db, suite().t.clock.now(), { name: '李老师', company: '同济大学材料学院', ...overrides });
  const post = <T = unknown>(url: string, who: { token: string } | undefined, form: Record<string, string | number | undefined> = {}) =>
    call<T>(suite().t.app, 'POST', url, { ...(who ? { token: who.token } : {}), form });
  const get = (url: string, who: { token: string } | undefined, query: Record<string, string>) =>
    suite().t.app.inject({ method: 'GET', url, query, headers: who ? { token: who.token } : {} });

  /** An order as order/add leaves it (lines with samples, the agreement row), written directly. */
  async function makeOrder(who: Who, options: { sampleName?: string; agreement?: boolean; progress?: 'submitted' | 'testing' | 'completed' | 'cancelled'; remark?: string } = {}) {
    const { t, item } = suite();
    const now = t.clock.now();
    const samples: (OrderSample & { code: string })[] = [
      { name: options.sampleName ?? 'LiFePO4 正极粉末', count: 2, form: 'powder', hazards: '', magnetic: false, returnWanted: true, code: 'S1' },
      { name: 'NCM811', count: 1, form: 'powder', hazards: '易燃', magnetic: true, returnWanted: false, code: 'S2' },
    ];
    const [order] = await t.db
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        memberId: who.member.id,
        title: item.name,
        lineCount: 1,
        sampleCount: 3,
        totalFen: 18_000,
        discountFen: 2_000,
        contact: '李老师',
        phone: '13900139000',
        remark: options.remark ?? '',
        progress: options.progress ?? 'submitted',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await t.db.insert(orderLines).values({
      rid: randomId(),
      orderId: order!.id,
      itemId: item.id,
      name: item.name,
      img: item.img,
      typeId: item.typeId,
      groupId: item.groupId,
      unit: item.unit,
      count: 3,
      options: [{ optionId: 1, choiceId: 1, name: '扫描速度', label: '常规 10°/min', priceFen: 0 }],
      unitPriceFen: 6_000,
      amountFen: 18_000,
      note: '',
      samples,
    });
    const agreement = options.agreement === false ? null : await ensureAgreement(t.db, order!, now);
    return { order: order!, agreement };
  }

  function upload(url: string, token: string | undefined, fields: Record<string, string>, file?: { content: Buffer; filename?: string }) {
    const boundary = '----s5contract';
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'signed.png'}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.content, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return suite().t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) });
  }
  const labContract = async (who: Who, title = '2027 年度框架检测合同', content = pdf) => {
    const res = await upload('/api/admin/contract/add', suite().sales.token, { member_rid: who.member.rid, title }, { content, filename: 'contract.pdf' });
    expect(res.json()).toMatchObject({ code: 1 });
    return res.json<{ data: AdminContract }>().data;
  };
  return { member, post, get, makeOrder, upload, labContract };
}
