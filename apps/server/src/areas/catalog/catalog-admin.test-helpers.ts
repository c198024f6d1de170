import { desc, sql } from 'drizzle-orm';
import type { AdminServiceChild, AdminServiceGroup } from '@lab/contract';
import { call, type TestContext } from '../../../test/harness';
import { auditLog } from '../../db/schema';

/** Small factories for the back office's catalogue tests: bodies as the web form sends them. */

let serial = 0;
/** A name no other call in this file uses (group and sub-type names are unique per parent). */
export const uniqueName = (prefix: string) => `${prefix}${++serial}`;

export const post = <T = unknown>(t: TestContext, url: string, token: string | undefined, json: Record<string, unknown> = {}) =>
  call<T>(t.app, 'POST', url, { ...(token ? { token } : {}), json });

export const get = <T = unknown>(t: TestContext, url: string, query: Record<string, string> = {}) => call<T>(t.app, 'GET', url, { query });

export const groupBody = (overrides: Record<string, unknown> = {}) => ({
  typeId: '1',
  name: uniqueName('结构表征'),
  img: '/upload/img/u/group.png',
  tags: 'XRD|单晶衍射',
  sort: '10',
  visible: '1',
  ...overrides,
});

export async function addGroup(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<AdminServiceGroup> {
  const added = await post<AdminServiceGroup>(t, '/api/admin/catalog/group/add', token, groupBody(overrides));
  if (added.code !== 1) throw new Error(`group/add: ${added.msg}`);
  return added.data;
}

export async function addChild(t: TestContext, token: string, groupId: number, name = uniqueName('子类')): Promise<AdminServiceChild> {
  const added = await post<AdminServiceChild>(t, '/api/admin/catalog/child/add', token, { groupId, name, sort: 0 });
  if (added.code !== 1) throw new Error(`child/add: ${added.msg}`);
  return added.data;
}

export const xrdOptions = [
  { name: '扫描速度', choices: [{ label: '常规 10°/min', price: '' }, { label: '慢扫 2°/min', price: '40' }] },
  { name: '测试温度', choices: [{ label: '室温', price: '0' }, { label: '变温 5 个温度点', price: '300.50' }] },
];

/** A complete item body: the structured fields as JSON text, as the edit form posts them. */
export const itemBody = (groupId: number, overrides: Record<string, unknown> = {}) => ({
  groupId,
  childId: '',
  name: uniqueName('XRD 粉末衍射'),
  img: '/upload/img/u/xrd.png',
  sketch: 'Cu Kα 辐射，物相定性与结晶度',
  description: '<p>采用 <b>Bruker D8</b> 粉末衍射仪</p><script>alert(1)</script><img src="javascript:alert(1)" onerror="x()">',
  model: 'Bruker D8 Advance',
  price: '60.50',
  unit: '样品',
  options: JSON.stringify(xrdOptions),
  sampleRequirements: '粉末样品不少于 0.2 g',
  turnaround: '3–5 个工作日',
  faq: JSON.stringify([{ question: '可以测液体吗？', answer: '请先干燥成粉末。' }]),
  examples: JSON.stringify([{ img: '/upload/img/u/result.png', caption: '典型 XRD 图谱' }]),
  labLocation: '上海·徐汇 3 号楼 X 射线室',
  keywords: '物相, 衍射',
  hot: '0',
  reservable: '0',
  sort: '5',
  ...overrides,
});

export async function addItem(t: TestContext, token: string, groupId: number, overrides: Record<string, unknown> = {}): Promise<string> {
  const added = await post<{ rid: string }>(t, '/api/admin/catalog/item/add', token, itemBody(groupId, overrides));
  if (added.code !== 1) throw new Error(`item/add: ${added.msg}`);
  return added.data.rid;
}

export const lastAudit = async (t: TestContext) => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
export const auditCount = async (t: TestContext) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
