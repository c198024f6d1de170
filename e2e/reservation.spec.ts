import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { RESERVATION_HOURS, SLOT_TAKEN_MESSAGE, formatFen, hourLabel, type DeviceTime, type Reservation } from '@lab/contract';
import { openBackOfficeAs } from './support/admin';
import { loginWithPassword, registerByApi } from './support/auth';
import { randomPhone } from './support/sms';

const password = 'Lab@e2e2026';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function apiLogin(request: APIRequestContext, phone: string) {
  const envelope = (await (await request.post('/api/open/login', { form: { account: phone, password } })).json()) as Envelope<{ token: string }>;
  expect(envelope.code, `login: ${envelope.msg}`).toBe(1);
  return envelope.data.token;
}

const loginWithPhone = (page: Page, phone: string) => loginWithPassword(page, phone, password);

/** The first bookable day with two consecutive free hours (11 → 13 over lunch counts, as on the server). */
async function findTwoFreeHours(request: APIRequestContext, rid: string, token: string) {
  const first = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid }, headers: { token } })).json()) as Envelope<DeviceTime>;
  expect(first.code).toBe(1);
  for (const day of first.data.days.filter((d) => !d.closed && d.free >= 2)) {
    const time = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid, date: day.date }, headers: { token } })).json()) as Envelope<DeviceTime>;
    const free = new Set(time.data.slots.filter((s) => s.state === 'free').map((s) => s.hour));
    for (let i = 1; i < RESERVATION_HOURS.length; i += 1) {
      const a = RESERVATION_HOURS[i - 1]!;
      const b = RESERVATION_HOURS[i]!;
      // next to each other on the clock too: 11:00 and 13:00 sit side by side in the list (12:00 is lunch) but read as two ranges
      // priceFen: the day's hour as the server prices it (a Saturday carries a slot-priced surcharge, decisions/0063)
      if (b === a + 1 && free.has(a) && free.has(b)) return { date: day.date, hours: [a, b] as number[], priceFen: time.data.priceFen };
    }
  }
  throw new Error('no day with two consecutive free hours');
}

const timeText = (hours: number[]) => `${hourLabel(hours[0]!).slice(0, 5)}-${hourLabel(hours[hours.length - 1]!).slice(6)}`;

test.describe('on-site reservation', () => {
  test('a member books two consecutive free hours on the detail page; they show as theirs; another member cannot take them', async ({ page, request }) => {
    test.setTimeout(120_000);
    const phone = randomPhone();
    const other = randomPhone();
    await registerByApi(request, phone, password);
    await registerByApi(request, other, password);
    const token = await apiLogin(request, phone);

    // a reservable instrument (service type 2, 上门预约)
    const search = (await (await request.get('/api/open/web/device/search', { params: { typeId: 2, pageSize: 20 } })).json()) as Envelope<{ list: { rid: string; name: string; priceFen: number; reservable: boolean }[] }>;
    const items = search.data.list.filter((i) => i.reservable);
    expect(items.length).toBeGreaterThan(0);
    // spread over the instruments so reruns and other journeys rarely meet
    const item = items[Math.floor(Math.random() * items.length)]!;
    const wanted = await findTwoFreeHours(request, item.rid, token);

    await loginWithPhone(page, phone);
    await page.goto(`/detail/${item.rid}`);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    const calendar = page.getByTestId('reservation-calendar');
    await expect(calendar).toBeVisible();

    // the day, then two consecutive hours
    const dayButton = calendar.getByRole('button', { name: new RegExp(`^${wanted.date} `) });
    await dayButton.click();
    await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
    const [first, second] = wanted.hours.map((h) => hourLabel(h));
    await calendar.getByRole('button', { name: `${first} 可预约` }).click();
    await calendar.getByRole('button', { name: `${second} 可预约` }).click();
    await expect(calendar.getByRole('button', { name: `${first} 已选` })).toHaveAttribute('aria-pressed', 'true');
    await expect(calendar.getByTestId('reservation-total')).toHaveText(formatFen(wanted.priceFen * 2));

    await calendar.getByRole('button', { name: '立即预约' }).click();
    // straight to paying (bookings.spec.ts pays); back on the detail page the hours are the member's own
    await expect(page).toHaveURL(/\/member\/order\/[A-Z]+\d+\?pay=1$/);
    await expect(page.getByRole('dialog', { name: '支付订单' }).getByTestId('hold-deadline')).toContainText('已为您保留至');
    await page.goto(`/detail/${item.rid}`);
    await calendar.getByRole('button', { name: new RegExp(`^${wanted.date} `) }).click();
    await expect(calendar.getByRole('button', { name: `${first} 我的预约` })).toBeDisabled();
    await expect(calendar.getByRole('button', { name: `${second} 我的预约` })).toBeDisabled();

    // another member cannot book the same hour
    const otherToken = await apiLogin(request, other);
    const clash = await request.post('/api/auth/reservation/add', { form: { rid: item.rid, date: wanted.date, hours: JSON.stringify([wanted.hours[1]]) }, headers: { token: otherToken } });
    expect(clash.status()).toBe(409);
    expect(((await clash.json()) as Envelope<null>).msg).toBe(SLOT_TAKEN_MESSAGE);
    // …and sees those hours as taken, not free
    const seen = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: item.rid, date: wanted.date }, headers: { token: otherToken } })).json()) as Envelope<DeviceTime>;
    expect(seen.data.slots.filter((s) => (wanted.hours as number[]).includes(s.hour)).map((s) => s.state)).toEqual(['taken', 'taken']);

    // the booking in 我的预约, with its order
    await page.goto('/member/reservation');
    await expect(page.getByRole('complementary', { name: '会员中心菜单' }).getByRole('link', { name: '我的预约' })).toHaveClass(/active/);
    const booking = page.getByTestId('reservation-item').filter({ hasText: item.name });
    await expect(booking).toHaveCount(1);
    await expect(booking).toContainText(timeText(wanted.hours));
    await expect(booking).toContainText('已预约');
    await expect(booking).toContainText(formatFen(wanted.priceFen * 2));
    // unpaid: held until a deadline, then released (issue 16)
    await expect(booking.getByTestId('reservation-hold')).toContainText('前完成支付，逾期未支付时段将自动释放');
    const list = (await (await request.post('/api/auth/reservation/list4person', { form: { page: 1, pageSize: 10 }, headers: { token } })).json()) as Envelope<{ list: Reservation[] }>;
    const orderNo = list.data.list[0]!.orderNo!;
    await expect(booking.getByRole('link', { name: orderNo })).toHaveAttribute('href', `/member/order/${orderNo}`);

    // after a reload the detail page still shows the hours as the member's
    await page.goto(`/detail/${item.rid}`);
    await calendar.getByRole('button', { name: new RegExp(`^${wanted.date} `) }).click();
    await expect(calendar.getByRole('button', { name: `${first} 我的预约` })).toBeDisabled();
  });
});

test.describe('unpaid holds', () => {
  test('the lab sees an unpaid booking among the holds and releases it; the member sees 已释放 and the hours are free again', async ({ page, request }) => {
    test.setTimeout(120_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await apiLogin(request, phone);
    const search = (await (await request.get('/api/open/web/device/search', { params: { typeId: 2, pageSize: 20 } })).json()) as Envelope<{ list: { rid: string; name: string; reservable: boolean }[] }>;
    const items = search.data.list.filter((i) => i.reservable);
    const item = items[Math.floor(Math.random() * items.length)]!;
    const wanted = await findTwoFreeHours(request, item.rid, token);
    const booked = (await (await request.post('/api/auth/reservation/add', { form: { rid: item.rid, date: wanted.date, hours: JSON.stringify(wanted.hours) }, headers: { token } })).json()) as Envelope<Reservation>;
    expect(booked.code, booked.msg).toBe(1);
    expect(booked.data.holdUntil).not.toBeNull();

    await openBackOfficeAs(page, 'lab', '/admin/reservations');
    const holds = page.getByRole('region', { name: '待支付保留' });
    const row = holds.getByRole('row').filter({ hasText: phone });
    await expect(row).toContainText(`${wanted.date} ${timeText(wanted.hours)}（2 小时）`);
    await expect(row).toContainText(booked.data.orderNo!);
    await expect(page.getByTestId('hold-rules')).toContainText('未支付的预约保留 2 小时');
    await row.getByRole('button', { name: '释放' }).click();
    await page.getByLabel('释放原因').fill('e2e：未按时支付');
    await page.getByRole('tooltip').getByRole('button', { name: '释放' }).click();
    await expect(page.locator('.ant-message').getByText('已释放该预约，时段已开放', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);

    const mine = (await (await request.post('/api/auth/reservation/list4person', { form: { page: 1, pageSize: 10 }, headers: { token } })).json()) as Envelope<{ list: Reservation[] }>;
    expect(mine.data.list[0]).toMatchObject({ rid: booked.data.rid, status: 'released', statusText: '已释放' });
    const free = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: item.rid, date: wanted.date } })).json()) as Envelope<DeviceTime>;
    expect(free.data.slots.filter((s) => wanted.hours.includes(s.hour)).map((s) => s.state)).toEqual(['free', 'free']);
  });
});
