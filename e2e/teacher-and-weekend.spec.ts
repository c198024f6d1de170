import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { formatFen, hourLabel, weekdayOf, type DeviceTime, type TeacherStanding } from '@lab/contract';
import { openBackOfficeAs } from './support/admin';
import { loginWithPassword, registerByApi } from './support/auth';
import { staffLogin, staffPost } from './support/funds';
import { attestStudent, demoSales, memberToken } from './support/orders';
import { randomPhone } from './support/sms';

/**
 * Issue 31: 申请老师认证 (a 学生 asks with one click, sales decides in 资料认证) and the weekend
 * surcharge that follows the booked day (SEM 机时: 工作日 +0, 周末 +¥100), at 1440 px and 390 px.
 */

const password = 'Lab@e2e2026';
const widths = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Logs in through the header (at desktop width: on a phone 登录 sits in the menu), then looks at `viewport`. */
async function logIn(page: Page, phone: string, viewport: { width: number; height: number }) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, phone, password);
  await page.setViewportSize(viewport);
}

async function newStudent(request: APIRequestContext, name: string) {
  const phone = randomPhone();
  await registerByApi(request, phone, password);
  const token = await memberToken(request, phone, password);
  await attestStudent(request, token, name);
  return { phone, token };
}

/** The SEM 机时's rid, a weekday and a Saturday of its window, each with its first free hour. */
async function semDays(request: APIRequestContext, token: string) {
  const search = (await (await request.get('/api/open/web/device/search', { params: { typeId: 2, pageSize: 50 } })).json()) as Envelope<{ list: { rid: string; name: string; priceFen: number }[] }>;
  const sem = search.data.list.find((i) => i.name === 'SEM 机时预约（自主上机）');
  expect(sem, 'the seeded SEM 机时').toBeDefined();
  const first = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: sem!.rid }, headers: { token } })).json()) as Envelope<DeviceTime>;
  const freeHour = async (date: string) => {
    const time = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: sem!.rid, date }, headers: { token } })).json()) as Envelope<DeviceTime>;
    return time.data.slots.find((s) => s.state === 'free')?.hour;
  };
  const open = first.data.days.filter((d) => !d.closed && d.free > 0);
  const pick = async (weekend: boolean) => {
    for (const day of open.filter((d) => (weekdayOf(d.date) === 6) === weekend && weekdayOf(d.date) !== 0)) {
      const hour = await freeHour(day.date);
      if (hour !== undefined) return { date: day.date, hour };
    }
    throw new Error(`no free ${weekend ? 'Saturday' : 'weekday'} hour`);
  };
  return { sem: sem!, weekday: await pick(false), saturday: await pick(true) };
}

for (const { name, viewport } of widths) {
  test.describe(`issue 31 at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`申请老师认证: a student asks with one click, a second ask is refused, sales approves in 资料认证 (${name})`, async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const { phone, token } = await newStudent(request, `林同学${viewport.width}`);
      await logIn(page, phone, viewport);
      await page.goto('/member/information');

      const card = page.getByRole('region', { name: '老师认证' });
      await expect(card).toBeVisible();
      await expect(card).toContainText('1 个工作日');
      await expect(card).toContainText('资料认证中已填写真实姓名和单位名称');
      await card.getByLabel('补充说明（选填）').fill('材料学院讲师，学院官网有教师主页');
      await card.getByRole('button', { name: '申请老师认证' }).click();
      await expect(page.getByText('老师认证申请已提交').first()).toBeVisible();
      await expect(card).toContainText('老师认证申请审核中');
      await expect(card.getByRole('button', { name: '申请老师认证' })).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`teacher-request-${viewport.width}.png`), fullPage: true });

      // a second ask while one is open: 409 with the reason, nothing new
      const again = await request.post('/api/auth/user/apply4teacher', { headers: { token } });
      expect(again.status()).toBe(409);
      expect(((await again.json()) as Envelope<null>).msg).toBe('您已有一份老师认证申请正在审核中，请耐心等待');

      // sales: 资料认证 → 老师认证申请 → 通过 (desktop; the phone run approves through the API)
      if (viewport.width >= 1000) {
        const staff = await page.context().browser()!.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
        const admin = await staff.newPage();
        await openBackOfficeAs(admin, 'sales', '/admin/attestations');
        const section = admin.locator('section.admin-section').filter({ has: admin.getByRole('heading', { name: '老师认证申请' }) });
        const row = section.getByRole('row').filter({ hasText: phone.slice(-4) }).filter({ hasText: '材料学院讲师' });
        await expect(row).toBeVisible();
        await admin.screenshot({ path: testInfo.outputPath(`teacher-requests-admin-${viewport.width}.png`), fullPage: true });
        await row.getByRole('button', { name: '通过' }).click();
        const confirm = admin.getByRole('dialog').filter({ hasText: '认证' });
        await confirm.getByRole('button', { name: '通过' }).click();
        await expect(admin.getByText('已认证为老师，已通知会员').first()).toBeVisible();
        await staff.close();
      } else {
        const sales = await staffLogin(request, demoSales);
        const list = await staffPost<{ list: { rid: string; member: { phone: string } }[] }>(request, sales, '/api/admin/teacher/list', { status: 'pending', pageSize: 100 });
        await staffPost(request, sales, '/api/admin/teacher/approve', { rid: list.list.find((r) => r.member.phone === phone)!.rid });
      }

      await page.reload();
      await expect(card).toContainText('您已认证为老师');
      await expect(card).toContainText('老师认证已通过');
      const standing = (await (await request.post('/api/auth/user/teacher4attest', { headers: { token } })).json()) as Envelope<TeacherStanding>;
      expect(standing.data).toMatchObject({ organization: 3, canApply: false, latest: { status: 'approved' } });
      await page.goto('/member/message');
      await expect(page.getByText('老师认证已通过').first()).toBeVisible();
    });

    test(`weekend surcharge follows the chosen slot on the SEM 机时 calendar (${name})`, async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const phone = randomPhone();
      await registerByApi(request, phone, password);
      const token = await memberToken(request, phone, password);
      const { sem, weekday, saturday } = await semDays(request, token);

      await logIn(page, phone, viewport);
      await page.goto(`/detail/${sem.rid}`);
      const calendar = page.getByTestId('reservation-calendar');
      await expect(calendar).toBeVisible();

      // a weekday: no surcharge, and 时段 is not a choice the member makes
      await calendar.getByRole('button', { name: new RegExp(`^${weekday.date} `) }).click();
      await expect(calendar.getByText('按所选日期自动计价：工作日时段不加价')).toBeVisible();
      await expect(calendar.getByRole('radio', { name: /周末/ })).toHaveCount(0);
      await calendar.getByRole('button', { name: `${hourLabel(weekday.hour)} 可预约` }).click();
      await expect(calendar.getByTestId('reservation-total')).toHaveText(formatFen(sem.priceFen));

      // Saturday: the weekend rate, chosen by the day
      await calendar.getByRole('button', { name: new RegExp(`^${saturday.date} `) }).click();
      await expect(calendar.getByText('按所选日期自动计价：周末时段加收')).toBeVisible();
      await calendar.getByRole('button', { name: `${hourLabel(saturday.hour)} 可预约` }).click();
      await expect(calendar.getByTestId('reservation-total')).toHaveText(formatFen(sem.priceFen + 100_00));
      await calendar.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`weekend-surcharge-${viewport.width}.png`), fullPage: false });

      // 立即预约 books it at the weekend rate: the server's amount, not the page's
      await calendar.getByRole('button', { name: '立即预约' }).click();
      await expect(page).toHaveURL(/\/member\/order\/[A-Z]+\d+\?pay=1$/);
      const list = (await (await request.post('/api/auth/reservation/list4person', { form: { page: 1 }, headers: { token } })).json()) as Envelope<{ list: { date: string; amountFen: number }[] }>;
      expect(list.data.list.find((r) => r.date === saturday.date)?.amountFen).toBe(sem.priceFen + 100_00);
    });
  });
}
