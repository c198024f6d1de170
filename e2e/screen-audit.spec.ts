import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginPanel, openLoginPanel, registerByApi, submitPassword } from './support/auth';
import { randomPhone } from './support/sms';
import { openBackOfficeAs } from './support/admin';
import { approveAttestation, attestStudent, itemRid, labLogin, labProgress, memberPost, memberToken, placeOrderByApi, tinyPdf, uploadReport } from './support/orders';

/**
 * What the screen audit of issue 18 saw, each checked where it was seen — on a phone (390 px)
 * and on a desktop (1440 px) — by the geometry a person sees: nothing clipped, no amount broken
 * across lines, no floating button over a form field.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
const password = 'Lab@e2e2026';
const xrd = { keyword: 'XRD', name: 'XRD 粉末衍射（物相分析）' };

/** A college member with a large pay-after-test order whose data is out (已出数据, one report). */
let member: Promise<{ phone: string; orderNo: string }> | null = null;
function memberWithDeliveredOrder(request: APIRequestContext) {
  member ??= (async () => {
    const account = randomPhone();
    await registerByApi(request, account, password);
    const token = await memberToken(request, account, password);
    await attestStudent(request, token, '周审计');
    await approveAttestation(request, account);
    // 99 samples: an amount of five figures, ¥5,940.00 and up
    const orderNo = await placeOrderByApi(request, token, await itemRid(request, xrd.keyword, xrd.name), 99);
    await memberPost(request, token, '/api/auth/order/payLater', { order_no: orderNo });
    const lab = await labLogin(request);
    await labProgress(request, lab, 'confirm', orderNo);
    await labProgress(request, lab, 'receive', orderNo);
    await labProgress(request, lab, 'test', orderNo);
    await uploadReport(request, lab, orderNo, '审计检测报告.pdf', tinyPdf);
    await labProgress(request, lab, 'deliver', orderNo);
    return { phone: account, orderNo };
  })();
  return member;
}

async function loginAs(page: Page, account: string) {
  await page.goto('/');
  await submitPassword(await openLoginPanel(page), account, password);
  await expect(loginPanel(page)).toBeHidden();
}

/** Every amount (¥1,234.56) inside `scope` sits on one line: its characters' boxes share one top. */
async function expectAmountsUnbroken(scope: Locator) {
  const broken = await scope.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/¥[\d,]+\.\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  expect(broken, `amounts broken across lines: ${broken.join(' ')}`).toEqual([]);
}

/** The element shows all of its content: nothing cut off to the right (or scrolled out of sight). */
async function expectNotClipped(element: Locator) {
  const { scroll, client } = await element.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, 'content wider than its box').toBeLessThanOrEqual(client + 1);
}


test.describe('screen audit (issue 18)', () => {
  test('phone and desktop: the statement shows its amounts whole and its table unclipped; 检测项目 is not cut short', async ({ page, request }) => {
    const { phone: account, orderNo } = await memberWithDeliveredOrder(request);
    await loginAs(page, account);
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      await page.goto('/member/unsettled');
      const statement = page.getByRole('region', { name: '对账单' });
      const row = statement.getByRole('row').filter({ hasText: orderNo });
      await expect(row).toBeVisible();
      await expectAmountsUnbroken(statement.getByRole('definition').first().locator('..').locator('..'));
      await expectAmountsUnbroken(statement);
      await expectNotClipped(statement.locator('.member-table-wrap'));
      await expectNotClipped(statement.locator('.ant-table-content'));
      if (size === desktop) {
        const title = row.getByRole('cell', { name: xrd.name, exact: true });
        await expect(title).toBeVisible();
        await expectNotClipped(title);
      }
    }
  });

  test('desktop: the order query table shows 检测项目 whole', async ({ page, request }) => {
    const { phone: account, orderNo } = await memberWithDeliveredOrder(request);
    await loginAs(page, account);
    await page.setViewportSize(desktop);
    await page.goto('/member/oquery');
    const row = page.getByRole('row').filter({ hasText: orderNo });
    const title = row.getByRole('cell', { name: xrd.name, exact: true });
    await expect(title).toBeVisible();
    await expectNotClipped(title);
    await expectAmountsUnbroken(row);
  });

  test('an order with its data out offers 下载报告 in the list, as on its page', async ({ page, request }) => {
    const { phone: account, orderNo } = await memberWithDeliveredOrder(request);
    await loginAs(page, account);
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      await page.goto('/member/order');
      const card = page.getByRole('listitem', { name: `订单 ${orderNo}` });
      await expect(card.getByTestId('progress-tag')).toHaveText('已出数据');
      await expectAmountsUnbroken(card);
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: '下载报告' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    }
  });

  test('返回顶部 appears only once the page is scrolled, and never over a form field', async ({ page, request }) => {
    const { phone: account } = await memberWithDeliveredOrder(request);
    await loginAs(page, account);
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      await page.goto('/member/information');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const top = page.getByRole('button', { name: '返回顶部', includeHidden: true });
      await expect(top).toBeHidden();
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(height, 'a page long enough to scroll').toBeGreaterThan(size.height / 2);
      let seen = false;
      for (let y = 0; y <= height; y += 120) {
        await page.evaluate((to) => window.scrollTo({ top: to, behavior: 'instant' }), y);
        // where the button is (its place is kept while it is away), and which fields lie under it
        const { scrolled, covered } = await top.evaluate((button) => {
          const own = button.getBoundingClientRect();
          const fields = Array.from(document.querySelectorAll<HTMLElement>('input:not([type="hidden"]), textarea, select'));
          const under = fields.filter((field) => {
            const box = field.getBoundingClientRect();
            return own.width > 0 && box.width > 0 && box.left < own.right && box.right > own.left && box.top < own.bottom && box.bottom > own.top;
          });
          return { scrolled: window.scrollY > window.innerHeight / 2, covered: under.map((field) => field.id || field.outerHTML.slice(0, 60)) };
        });
        if (scrolled && covered.length === 0) {
          await expect(top, `at ${y}px, scrolled and over no field`).toBeVisible();
          seen = true;
        } else {
          await expect(top, `at ${y}px: ${scrolled ? `over ${covered.join(', ')}` : 'not yet scrolled'}`).toBeHidden();
        }
      }
      expect(seen, 'the button shows once scrolled').toBe(true);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(top).toBeHidden();
    }
  });

  test('the back office order table shows 下单时间 whole, beside the fixed 操作 column', async ({ page, request }) => {
    await memberWithDeliveredOrder(request);
    await openBackOfficeAs(page, 'lab', '/admin/orders');
    for (const size of [desktop, phone]) {
      await page.setViewportSize(size);
      const table = page.locator('.admin-table');
      const header = table.getByRole('columnheader', { name: '下单时间' });
      await expect(header).toBeVisible();
      // a phone scrolls the table sideways: to its end, where 下单时间 is the last column before 操作
      if (size === phone) await table.locator('.ant-table-content, .ant-table-body').first().evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      else await expectNotClipped(table.locator('.ant-table-content, .ant-table-body').first());
      const boxes = await table.evaluate((root) => {
        const view = root.querySelector('.ant-table-content, .ant-table-body')!.getBoundingClientRect();
        const heads = Array.from(root.querySelectorAll('thead th'));
        const time = heads.find((th) => th.textContent?.includes('下单时间'))!.getBoundingClientRect();
        const action = heads.find((th) => th.textContent?.includes('操作'))!.getBoundingClientRect();
        return { viewLeft: view.left, viewRight: view.right, left: time.left, right: time.right, actionLeft: action.left };
      });
      expect(boxes.left, '下单时间 starts inside the table').toBeGreaterThanOrEqual(boxes.viewLeft - 1);
      expect(boxes.right, '下单时间 ends before the fixed 操作 column').toBeLessThanOrEqual(boxes.actionLeft + 1);
      const firstTime = table.locator('tbody tr.ant-table-row').first().locator('td').filter({ hasText: /\d{4}-\d{2}-\d{2}/ }).first();
      await expectNotClipped(firstTime);
    }
  });

  test('logged in, the header search shows its whole placeholder', async ({ page, request }) => {
    const { phone: account } = await memberWithDeliveredOrder(request);
    await page.setViewportSize(desktop);
    await loginAs(page, account);
    for (const width of [1440, 1280, 1100]) {
      await page.setViewportSize({ width, height: 900 });
      const search = page.getByRole('search', { name: '全站搜索' }).getByRole('combobox');
      await expect(search).toBeVisible();
      const { text, room } = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return { text: context.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
      });
      expect(text, `at ${width}px the placeholder needs ${text}px, has ${room}px`).toBeLessThanOrEqual(room);
    }
  });

  test('an address with no page answers 404 with its own title', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('页面不存在 - 科研检测服务商城');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
  });

  test('home: the case grid has no holes, on a phone or a desktop', async ({ page }) => {
    for (const size of [phone, desktop]) {
      await page.setViewportSize(size);
      await page.goto('/');
      const cases = page.locator('.hp-cases > li');
      await expect(cases.first()).toBeVisible();
      const lefts = await cases.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
      const columns = new Set(lefts).size;
      expect(lefts.length % columns, `${lefts.length} cases in ${columns} columns`).toBe(0);
    }
  });

  test('a first load of /invited/CODE or of a guarded route draws without the router warning of a missing HydrateFallback', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('HydrateFallback')) warnings.push(message.text());
    });
    await page.goto('/invited/DEMO2026');
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/');
    await page.goto('/member/center');
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/');
    expect(warnings).toEqual([]);
  });
});
