import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, OrderDetail, OrderSummary, Page, Plan, PointsOverview, ReadyToPay, Requirement, Reservation, VaultFile } from '@lab/contract';
import { call, createTestContext, type TestContext } from '../../test/harness';
import { tmpRoot } from '../../test/template';
import { demoAccounts, seedDemoData } from './seed';
import { localFileStore } from '../platform/providers/file-store';
import { demoReservationDay } from './orders.seed';

let t: TestContext;
let teacher: string;
let student: string;
// a Friday morning in Shanghai
const now = new Date('2026-11-20T02:00:00Z');

const login = async (phone: string, password: string) => {
  const res = await call<{ token: string }>(t.app, 'POST', '/api/open/login', { form: { account: phone, password } });
  expect(res.code, res.msg).toBe(1);
  return res.data.token;
};
const post = async <T>(url: string, token: string, form: Record<string, string | number> = {}) => {
  const res = await call<T>(t.app, 'POST', url, { token, form });
  expect(res.code, `${url}: ${res.msg}`).toBe(1);
  return res.data;
};
/** The text of a PDF as poppler reads it (what a member's viewer shows). */
const pdfText = (pdf: Buffer, name: string) => {
  const file = path.join(tmpRoot, `seeded-report-${name}-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};
const pdfInfo = (pdf: Buffer, name: string) => {
  const file = path.join(tmpRoot, `seeded-report-${name}-${process.pid}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
};
const planLines = (plan: Plan) => plan.dataArr.flatMap((group) => group.items);

beforeAll(async () => {
  t = await createTestContext({ now });
  // the app under test keeps its files here (harness config), so the seeded reports download
  expect(await seedDemoData(t.db, { files: localFileStore(path.join(tmpRoot, 'files')), now, secrets: t.secrets, jobs: t.jobs })).toBe(true);
  teacher = await login(demoAccounts.teacher.phone, demoAccounts.teacher.password);
  student = await login(demoAccounts.member.phone, demoAccounts.member.password);
}, 120_000);
afterAll(() => t.close());

describe('ordering demo data', () => {
  it('gives the teacher five test orders across the lifecycle and a paid reservation', async () => {
    const page = await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher);
    expect(page.total).toBe(6);
    const tests = page.list.filter((o) => o.kind === 'test');
    expect(tests.map((o) => [o.progress, o.payment]).sort()).toEqual(
      [
        ['awaiting_sample', 'unpaid'],
        ['cancelled', 'refunded'],
        ['completed', 'paid'],
        ['delivered', 'paid'],
        ['testing', 'paid'],
      ].sort(),
    );
    const [reservation] = page.list.filter((o) => o.kind === 'reservation');
    expect(reservation).toMatchObject({ progress: 'submitted', payment: 'paid' });
    // newest first, created on different days
    expect(new Set(page.list.map((o) => o.createdAt.slice(0, 10))).size).toBeGreaterThanOrEqual(5);
    expect(page.list.every((o) => new Date(o.createdAt) <= now)).toBe(true);
    const delivered = tests.find((o) => o.progress === 'delivered')!;
    expect(delivered.actions).toMatchObject({ confirmData: true, dispute: true });
    expect(tests.find((o) => o.progress === 'awaiting_sample')!.actions).toMatchObject({ pay: true, cancel: true });
  });

  it('the completed order has its timeline, the coupon, a 5-star evaluation and a report that downloads', async () => {
    const page = await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher, { tab: 'completed' });
    expect(page.list).toHaveLength(1);
    const detail = await post<OrderDetail>('/api/auth/order/detail', teacher, { order_no: page.list[0]!.orderNo });
    expect(detail.lines[0]!.samples.map((s) => s.name)).toContain('TiO2 纳米粉末（锐钛矿）');
    expect(detail.evaluation).toMatchObject({ score: 5 });
    expect(detail.coupon).toMatchObject({ name: 'XRD 测试 9 折' });
    expect(detail.discountFen).toBeGreaterThan(0);
    expect(detail.events.map((e) => e.status)).toEqual(expect.arrayContaining(['submitted', 'paid', 'awaiting_sample', 'received', 'testing', 'delivered', 'completed', 'evaluated']));
    expect(detail.reports).toHaveLength(1);
    const file = await t.app.inject({ method: 'GET', url: '/api/auth/order/report', query: { order_no: detail.orderNo, id: detail.reports[0]!.id }, headers: { token: teacher } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    // a Chinese 检测报告, not the 753-byte English stub it was (issue 31)
    const text = pdfText(file.rawPayload, 'xrd');
    expect(file.rawPayload.length).toBeGreaterThan(20_000);
    expect(text).toMatch(/检\s*测\s*报\s*告/);
    expect(text).toContain(detail.orderNo);
    expect(text).toContain(`${detail.lines[0]!.samples[0]!.code}`);
    for (const words of ['TiO2 纳米粉末（锐钛矿）', 'Bruker D8 Advance', '委托单位：上海交通大学', '检测人', '审核人', '批准人', '本报告仅对来样负责', '2θ']) expect(text).toContain(words);
    expect(text).not.toMatch(/report - sample/);
    expect(pdfInfo(file.rawPayload, 'xrd')).toMatch(/Title:\s+检测报告 BG\d+-01/);
    // the student cannot read it
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/order/report', query: { order_no: detail.orderNo, id: detail.reports[0]!.id }, headers: { token: student } });
    expect(other.statusCode).toBe(404);
  });

  it('the delivered order shows its report awaiting confirmation', async () => {
    const page = await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher, { tab: 'delivered' });
    const detail = await post<OrderDetail>('/api/auth/order/detail', teacher, { order_no: page.list[0]!.orderNo });
    expect(detail.reports).toHaveLength(1);
    expect(detail.lines[0]!.samples[0]!.name).toBe('ZnO 薄膜（溶胶-凝胶法）');
    const file = await t.app.inject({ method: 'GET', url: '/api/auth/order/report', query: { order_no: detail.orderNo, id: detail.reports[0]!.id }, headers: { token: teacher } });
    const text = pdfText(file.rawPayload, 'sem');
    expect(text).toMatch(/检\s*测\s*报\s*告/);
    for (const words of [detail.orderNo, detail.lines[0]!.samples[0]!.code, '仪器设备：场发射扫描电子显微镜（Hitachi SU8010）', '二次电子像', '图像所示', '本报告仅对来样负责']) expect(text).toContain(words);
  });

  it('the ledger balance is the funds in minus the payments plus the refund', async () => {
    const history = await post<Page<LedgerEntry> & { balanceFen: number }>('/api/auth/prestore/balanceHistory', teacher, { pageSize: 100 });
    const sum = (type: LedgerEntry['type']) => history.list.filter((e) => e.type === type).reduce((n, e) => n + e.amountFen, 0);
    const orders = (await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher)).list;
    const paidOut = orders.filter((o) => o.payment === 'paid' || o.payment === 'refunded').reduce((n, o) => n + o.payableFen, 0);
    const refunded = orders.filter((o) => o.payment === 'refunded').reduce((n, o) => n + o.payableFen, 0);
    expect(sum('topup')).toBe(10_000_00);
    expect(sum('payment')).toBe(-paidOut);
    expect(sum('refund')).toBe(refunded);
    expect(refunded).toBeGreaterThan(0);
    expect(history.balanceFen).toBe(sum('topup') + sum('bonus') - paidOut + refunded);
    expect(history.total).toBe(history.list.length);
  });

  it('the teacher\'s points: the completed order\'s are available, those of paid orders not yet completed are pending, the refunded one gave none', async () => {
    const orders = (await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher)).list;
    const points = (o: OrderSummary) => Math.floor(o.payableFen / 100);
    const completed = orders.filter((o) => o.progress === 'completed');
    const waiting = orders.filter((o) => o.payment === 'paid' && o.progress !== 'completed');
    expect(completed).toHaveLength(1);
    const overview = await post<PointsOverview>('/api/auth/web/integration/init', teacher);
    expect(overview).toMatchObject({ balance: points(completed[0]!), earned: points(completed[0]!), pendingOrders: waiting.length });
    expect(overview.pendingPoints).toBe(waiting.reduce((n, o) => n + points(o), 0));
    expect(overview.balance).toBeGreaterThan(0);
  });

  it('the demo teacher\'s attestation is approved, so pay-after-test is open to them; the student has not been reviewed', async () => {
    const awaiting = (await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher)).list.find((o) => o.progress === 'awaiting_sample')!;
    expect((await post<ReadyToPay>('/api/auth/order/ready2pay', teacher, { order_no: awaiting.orderNo })).payLater).toMatchObject({ allowed: true });
    const pending = (await post<Page<OrderSummary>>('/api/auth/order/list4person', student)).list[0]!;
    expect((await post<ReadyToPay>('/api/auth/order/ready2pay', student, { order_no: pending.orderNo })).payLater).toMatchObject({ allowed: false });
  });

  it('leaves two lines in the teacher\'s plan, a booked session, and a quoted requirement', async () => {
    const plan = await post<Plan>('/api/auth/tempDevice/list', teacher);
    expect(plan.count).toBe(2);
    expect(planLines(plan).map((l) => l.name).sort()).toEqual(['SEM + EDS 面扫（热场）', '薄膜掠入射 XRD（GIXRD）'].sort());
    const reservations = await post<Page<Reservation>>('/api/auth/reservation/list4person', teacher);
    expect(reservations.list).toHaveLength(1);
    expect(reservations.list[0]).toMatchObject({ status: 'booked', date: demoReservationDay(now), hours: [9, 10] });
    const demands = await post<Page<Requirement>>('/api/auth/demand/list', teacher);
    expect(demands.list).toHaveLength(1);
    expect(demands.list[0]!.status).toBe('quoted');
    expect(demands.list[0]!.quote!.lines).toHaveLength(2);
  });

  it('gives the student one order waiting for confirmation and one plan line', async () => {
    const page = await post<Page<OrderSummary>>('/api/auth/order/list4person', student);
    expect(page.list.map((o) => [o.progress, o.payment])).toEqual([['submitted', 'unpaid']]);
    const plan = await post<Plan>('/api/auth/tempDevice/list', student);
    expect(planLines(plan).map((l) => l.name)).toEqual(['傅里叶变换红外 FTIR']);
  });

  it("files the raw data behind the teacher's two reports in the vault, checked, and the sums list matches the bytes", async () => {
    const vault = await post<Page<VaultFile>>('/api/auth/vault/files', teacher);
    // XRD: one pattern for each of the two samples; SEM: the film at two magnifications, each image with its condition file
    expect(vault.total).toBe(6);
    expect(vault.list.every((file) => file.state === 'verified' && /^[0-9a-f]{64}$/.test(file.sha256 ?? ''))).toBe(true);
    expect(vault.list.filter((file) => file.name.endsWith('.xy'))).toHaveLength(2);
    expect(vault.list.filter((file) => file.name.endsWith('.png'))).toHaveLength(2);
    const pattern = vault.list.find((file) => file.name.endsWith('.xy'))!;
    const link = await post<{ url: string }>('/api/auth/vault/link', teacher, { rid: pattern.rid });
    const bytes = (await t.app.inject({ method: 'GET', url: link.url })).rawPayload;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(pattern.sha256);
    expect(bytes.toString('utf8')).toContain('# Tube: Cu Ka1 1.5406 A');
    expect(bytes.toString('utf8').trim().split('\n')).toHaveLength(5 + 3501);
    const image = vault.list.find((file) => file.name.endsWith('.png'))!;
    const png = (await t.app.inject({ method: 'GET', url: (await post<{ url: string }>('/api/auth/vault/link', teacher, { rid: image.rid })).url })).rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBe(image.size);
    const sums = await t.app.inject({ method: 'GET', url: '/api/auth/vault/sums', headers: { token: teacher } });
    expect(sums.body.trim().split('\n')).toHaveLength(6);
    expect(sums.body).toContain(`${pattern.sha256}  ${pattern.name}`);
    // the student's orders have no data yet
    expect((await post<Page<VaultFile>>('/api/auth/vault/files', student)).total).toBe(0);
  });

  it('seeds once: a second run leaves everything as it was', async () => {
    expect(await seedDemoData(t.db, { files: localFileStore(path.join(tmpRoot, 'files')), now, secrets: t.secrets, jobs: t.jobs })).toBe(false);
    expect((await post<Page<OrderSummary>>('/api/auth/order/list4person', teacher)).total).toBe(6);
  });
});

describe('demo helpers', () => {
  it('books the demo session on a weekday from four days ahead', () => {
    expect(demoReservationDay(new Date('2026-11-20T02:00:00Z'))).toBe('2026-11-24'); // Fri → Tue
    expect(demoReservationDay(new Date('2026-11-18T02:00:00Z'))).toBe('2026-11-23'); // Wed → Sun → Mon
  });
});
