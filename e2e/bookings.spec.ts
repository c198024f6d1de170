import { readFile } from 'node:fs/promises';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { formatFen, hourLabel, labMinute, type DeviceTime, type Reservation } from '@lab/contract';
import { loginWithPassword, registerByApi } from './support/auth';
import { memberPost, memberToken, topUp } from './support/orders';
import { toast } from './support/order-journeys';
import { randomPhone } from './support/sms';

/** Bookings that inform (issue 33, 0051): 立即预约 goes straight to paying with the hold's deadline, then the calendar file. */

const password = 'Lab@e2e2026';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A reservable instrument of at most ¥800 an hour (the top-up pays it with its options) and its first free hour in the window. */
async function freeHour(request: APIRequestContext, token: string) {
  const search = (await (await request.get('/api/open/web/device/search', { params: { typeId: 2, pageSize: 50 } })).json()) as Envelope<{ list: { rid: string; name: string; priceFen: number; reservable: boolean }[] }>;
  const items = search.data.list.filter((i) => i.reservable && i.priceFen > 0 && i.priceFen <= 800_00);
  expect(items.length).toBeGreaterThan(0);
  // spread over the instruments so reruns and other journeys rarely meet
  for (const item of items.sort(() => Math.random() - 0.5)) {
    const first = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: item.rid }, headers: { token } })).json()) as Envelope<DeviceTime>;
    for (const day of first.data.days.filter((d) => !d.closed && d.free > 0)) {
      const time = (await (await request.post('/api/open/device/query4timeExtra', { form: { rid: item.rid, date: day.date }, headers: { token } })).json()) as Envelope<DeviceTime>;
      const slot = time.data.slots.find((s) => s.state === 'free');
      if (slot) return { item, date: day.date, hour: slot.hour };
    }
  }
  throw new Error('no free hour on any reservable instrument');
}

for (const width of [390, 1440]) {
  test(`立即预约 goes straight to paying with the hold's deadline, and the paid booking has its calendar file (${width} px)`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const phone = randomPhone();
    await registerByApi(request, phone, password);
    const token = await memberToken(request, phone, password);
    await topUp(request, token, '1000');
    const wanted = await freeHour(request, token);

    await loginWithPassword(page, phone, password);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`/detail/${wanted.item.rid}`);
    const calendar = page.getByTestId('reservation-calendar');
    await expect(calendar).toBeVisible();
    const dayButton = calendar.getByRole('button', { name: new RegExp(`^${wanted.date} `) });
    await dayButton.click();
    await expect(dayButton).toHaveAttribute('aria-pressed', 'true');
    await calendar.getByRole('button', { name: `${hourLabel(wanted.hour)} 可预约` }).click();
    await calendar.getByRole('button', { name: '立即预约' }).click();

    // ---- straight to paying: the order's page, its pay dialog open with the amount and the hold's deadline ----
    await expect(page).toHaveURL(/\/member\/order\/[A-Z]+\d+\?pay=1$/);
    const orderNo = ((await page.getByTestId('ord-no').textContent()) ?? '').trim();
    const list = await memberPost<{ list: Reservation[] }>(request, token, '/api/auth/reservation/list4person', { page: 1, pageSize: 10 });
    const booking = list.list.find((r) => r.orderNo === orderNo)!;
    expect(booking.holdUntil).not.toBeNull();
    const until = labMinute(new Date(booking.holdUntil!));
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await expect(pay).toBeVisible();
    await expect(pay.getByTestId('hold-deadline')).toContainText(`已为您保留至 ${until.slice(11)}，请在此前完成支付`);
    // the amount: the hour at the instrument's default conditions
    const amount = formatFen(booking.amountFen);
    await expect(pay.getByTestId('hold-deadline')).toContainText(`应付 ${amount}，保留至 ${until}`);
    const coupons = pay.getByRole('radiogroup', { name: '优惠券' });
    if (await coupons.isVisible()) await coupons.locator('label').filter({ hasText: '不使用优惠券' }).click();
    await expect(pay.getByTestId('pay-amount')).toHaveText(amount);
    await pay.getByRole('button', { name: `确认支付 ${amount}` }).click();
    await expect(toast(page, '支付成功')).toBeVisible();
    await expect(pay).toBeHidden();
    await expect(page.getByRole('region', { name: '订单概况' }).getByTestId('payment-tag')).toHaveText('已支付');
    // paid: no longer a hold
    await expect(page.getByTestId('hold-deadline')).toHaveCount(0);

    // ---- 我的预约: the paid booking, until when it can be cancelled, and its .ics ----
    await page.goto('/member/reservation');
    const item = page.getByTestId('reservation-item').filter({ hasText: orderNo });
    await expect(item).toContainText('已预约');
    await expect(item.getByTestId('reservation-hold')).toHaveCount(0);
    await expect(item.getByTestId('reservation-cancel-window')).toBeVisible();
    const download = page.waitForEvent('download');
    await item.getByRole('button', { name: /加入日历（.ics）/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const ics = (await readFile(await file.path())).toString('utf8');
    const start = new Date(`${wanted.date}T${String(wanted.hour).padStart(2, '0')}:00:00+08:00`);
    const utc = start.toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain(`UID:${booking.rid}@bookings.keyan-lab`);
  });
}
