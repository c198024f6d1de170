import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { staffLogin, staffPost } from './funds';

/** The lab account the demo seed adds (apps/server/src/seed/seed.ts): receives, tests, delivers. */
export const demoLab = { account: 'lab', password: 'Lab@2026!' } as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A member's own API session (beside the browser's), for the setup a person does elsewhere. */
export async function memberToken(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const response = await request.post('/api/open/login', { form: { account: phone, password } });
  const envelope = (await response.json()) as Envelope<{ token: string }>;
  expect(envelope.code, `member login: ${envelope.msg}`).toBe(1);
  return envelope.data.token;
}

/** A member call under /api/auth with the token header; fails the test on a failure envelope. */
export async function memberPost<T>(request: APIRequestContext, token: string, path: string, form: Record<string, string | number> = {}): Promise<T> {
  const response = await request.post(path, { form, headers: { token } });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/**
 * 资料认证 as a student (a college member: pay after testing is open to them); the region and
 * address become the first address, in 苏州市 where home pickup is offered.
 */
export async function attestStudent(request: APIRequestContext, token: string, name: string) {
  await memberPost(request, token, '/api/auth/user/update4profile', {
    name,
    email: 'student@example.edu.cn',
    organization: 0,
    company: '苏州大学 材料与化学化工学部',
    teacher: '钱教授',
    teacher_phone: '13712345678',
    teacher_mail: 'qian@example.edu.cn',
    address_code: '320508',
    province: '江苏省',
    city: '苏州市',
    area: '姑苏区',
    address: '干将东路 333 号 材料楼 502 室',
  });
}

export const demoSales = { account: 'sales', password: 'Sales@2026' } as const;

/** Sales approve the member's pending 资料认证 (pay-after-test needs an approved one), found by phone. */
export async function approveAttestation(request: APIRequestContext, phone: string) {
  const sales = await staffLogin(request, demoSales);
  const pending = await staffPost<{ list: { member: { rid: string; phone: string } }[] }>(request, sales, '/api/admin/attestation/list', { status: 'pending', keyword: phone });
  const found = pending.list.find((a) => a.member.phone === phone);
  expect(found, `pending attestation of ${phone}`).toBeDefined();
  await staffPost(request, sales, '/api/admin/attestation/approve', { rid: found!.member.rid });
}

/** A top-up the member applies for and finance confirms (bank transfer received). */
export async function topUp(request: APIRequestContext, token: string, yuan: string) {
  const application = await memberPost<{ applyNo: string }>(request, token, '/api/auth/prestoreApply/add', { amount: yuan, payer: '苏州大学' });
  const finance = await staffLogin(request);
  const pending = await staffPost<{ list: { rid: string; applyNo: string; version: number }[] }>(request, finance, '/api/admin/funds/prestore/list', { status: 'pending', pageSize: 100 });
  const found = pending.list.find((p) => p.applyNo === application.applyNo);
  expect(found, `pending top-up ${application.applyNo}`).toBeDefined();
  await staffPost(request, finance, '/api/admin/funds/prestore/confirm', { rid: found!.rid, version: found!.version });
}

/** The rid of a catalogue item by its exact name (rids are random per database). */
export async function itemRid(request: APIRequestContext, keyword: string, name: string): Promise<string> {
  const response = await request.get('/api/open/web/device/search', { params: { keyword, pageSize: 20 } });
  const envelope = (await response.json()) as Envelope<{ list: { rid: string; name: string }[] }>;
  const item = envelope.data.list.find((i) => i.name === name);
  expect(item, `catalogue item ${name}`).toBeDefined();
  return item!.rid;
}

/** Lab staff move an order on: confirm | receive | test | deliver | complete. */
export async function labProgress(request: APIRequestContext, token: string, action: 'confirm' | 'receive' | 'test' | 'deliver' | 'complete', orderNo: string, note = '') {
  return staffPost<{ progress: string }>(request, token, `/api/admin/orders/${action}`, { order_no: orderNo, ...(note ? { note } : {}) });
}

export const labLogin = (request: APIRequestContext) => staffLogin(request, demoLab);

/** Lab staff upload a report file of an order (multipart: order_no, then the file). */
export async function uploadReport(request: APIRequestContext, token: string, orderNo: string, name: string, buffer: Buffer) {
  const response = await request.post('/api/admin/orders/report/upload', {
    headers: { token },
    multipart: { order_no: orderNo, file: { name, mimeType: 'application/pdf', buffer } },
  });
  const envelope = (await response.json()) as Envelope<{ id: string; name: string }[]>;
  expect(envelope.code, `report upload: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** A tiny but real PDF: the server checks the file by its content. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Picks an option of an open antd Select by its text; retried, a click during the opening animation can be lost. */
export async function pickSelect(page: Page, select: Locator, option: string) {
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').isVisible())) await select.click({ timeout: 2000 });
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 2000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/** Picks the first enabled date of a date picker (the next month's when this one has none left); answers it. */
export async function pickFirstEnabledDate(page: Page, input: Locator): Promise<string> {
  const picker = page.locator('.ant-picker-dropdown:visible');
  let chosen = '';
  await expect(async () => {
    if (!(await picker.isVisible())) await input.click();
    await expect(picker).toBeVisible({ timeout: 2000 });
    const cells = picker.locator('td.ant-picker-cell-in-view:not(.ant-picker-cell-disabled)');
    if ((await cells.count()) === 0) await picker.locator('.ant-picker-header-next-btn').click();
    chosen = (await cells.first().getAttribute('title', { timeout: 2000 })) ?? '';
    await cells.first().click({ timeout: 2000 });
    await expect(input).toHaveValue(chosen, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return chosen;
}

/** An order placed through the API (self-send, the first choice of every option): the journey test places one through the pages. */
export async function placeOrderByApi(request: APIRequestContext, token: string, rid: string, count: number): Promise<string> {
  const detail = (await (await request.get('/api/open/web/device/detail', { params: { rid } })).json()) as Envelope<{ options: { id: number; choices: { id: number }[] }[] }>;
  const options = Object.fromEntries(detail.data.options.map((o) => [String(o.id), o.choices[0]!.id]));
  const plan = await memberPost<{ dataArr: { items: { id: string; rid: string }[] }[] }>(request, token, '/api/auth/tempDevice/add', { rid, count, options: JSON.stringify(options) });
  const line = plan.dataArr.flatMap((g) => g.items).find((l) => l.rid === rid);
  expect(line, 'the plan line').toBeDefined();
  const order = await memberPost<{ orderNo: string }>(request, token, '/api/auth/order/add', {
    lines: JSON.stringify([{ id: line!.id, samples: [{ name: '对照样品', count, form: 'powder' }] }]),
    delivery: 'self',
    agree: '1',
  });
  return order.orderNo;
}
