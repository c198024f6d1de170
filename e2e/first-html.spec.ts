import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * The home page, the service list and an item's detail arrive drawn by the server
 * (apps/web/src/entry-server.tsx):
 * they read before, and without, the app's script, and the app takes them over without a
 * mismatch. A member's header never shows 登录 / 注册 meanwhile.
 */
async function firstHotItem(request: APIRequestContext) {
  const home = (await (await request.get('/api/open/web/index')).json()) as { data: { hotItems: { rid: string; name: string }[] } };
  return home.data.hotItems[0]!;
}

test.describe('the first HTML', () => {
  test('home, list and detail read with scripts off', async ({ browser, request }) => {
    const item = await firstHotItem(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveTitle('科研检测服务商城');
    await expect(page.locator('img.hp-banner-img').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '检测服务' })).toBeVisible();
    await expect(page.getByRole('region', { name: '热门项目' }).getByRole('link').first()).toBeVisible();
    await page.goto('/project?keyword=XRD');
    await expect(page).toHaveTitle('全部服务 - 科研检测服务商城');
    await expect(page.locator('.cat-card').first()).toContainText('XRD');
    await page.goto(`/detail/${item.rid}`);
    await expect(page).toHaveTitle(`${item.name} - 科研检测服务商城`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
    await context.close();
  });

  test('the app takes the drawn pages over without an error', async ({ page, request }) => {
    const item = await firstHotItem(request);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    for (const path of [`/detail/${item.rid}`, '/', '/project', '/project/1/%E9%80%81%E6%A0%B7%E6%A3%80%E6%B5%8B']) {
      await page.goto(path);
      await expect(page.locator('#server-state')).toHaveCount(0);
    }
    // the app is in charge: a filter chip narrows the list in place
    await page.locator('.cat-chips button').nth(1).click();
    await expect(page).toHaveURL(/groupId=/);
    expect(problems).toEqual([]);
  });

  test('on a slow CPU too, page.goto returns once the app has the drawn page (its carousel running)', async ({ page }) => {
    // the browser's CPU 20 times slower, as on a busy machine: the server-state block used to go when
    // hydration started, not when it had committed, and a test then found no carousel (2 of 4 runs)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.goto('/');
    const started = await page.locator('.hp-banner .swiper').evaluate((el) => Boolean((el as HTMLElement & { swiper?: unknown }).swiper));
    expect(started, 'the banner carousel has started').toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a member’s header shows no 登录 / 注册 before the app runs', async ({ browser }) => {
    // a page of its own: the test's page waits for the app after each goto, and here it never comes
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      localStorage.setItem('lab.session', JSON.stringify({ token: 'x', refreshToken: 'y', expires: Math.floor(Date.now() / 1000) + 3600 }));
    });
    // the app never starts: what shows is the server's page and index.html's own script
    await page.route('**/assets/start-after-paint-*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    await expect(page.getByRole('region', { name: '检测服务' })).toBeVisible();
    await expect(page.locator('.topbar-auth')).toBeHidden();
    await context.close();
  });
});
