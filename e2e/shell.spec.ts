import { expect, test } from './support/test';
import { loginPanel } from './support/auth';

test.describe('site shell (desktop)', () => {
  test('header links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const expected: [string, string][] = [
      ['首页', '/'],
      ['关于我们', '/about'],
      ['能力展示', '/televised'],
      ['新闻', '/list/news'],
      ['课程', '/list/course'],
      ['联系我们', '/contact'],
    ];
    for (const [name, href] of expected) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    const quick = page.getByRole('navigation', { name: '快捷入口' });
    await expect(quick.getByRole('link', { name: '指南' })).toHaveAttribute('href', '/guide');
    await expect(quick.getByRole('link', { name: '发布需求' })).toHaveAttribute('href', '/require');
    await expect(quick.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(quick.getByRole('button', { name: '注册' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '实验计划' })).toHaveAttribute('href', '/experiment/plan');

    // 服务: the three service types, each with its title
    await nav.getByRole('button', { name: '服务' }).hover();
    const types: [string, number][] = [
      ['送样检测', 1],
      ['上门预约', 2],
      ['数据分析', 3],
    ];
    for (const [title, typeId] of types) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveAttribute('href', `/project/${typeId}/${encodeURIComponent(title)}`);
    }
    await nav.getByRole('link', { name: /^上门预约/ }).click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe('/project/2/上门预约');

    await nav.getByRole('link', { name: '关于我们' }).click();
    await expect(page).toHaveURL('/about/profile');
    await page.goto('/experiment');
    await expect(loginPanel(page)).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('search opens in the named window', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: '搜索检测项目' }).fill('XRD 物相');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const url = new URL(popup.url());
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('kw')).toBe('XRD 物相');
    expect(await popup.evaluate(() => window.name)).toBe('labSearch');
  });

  test('footer: contact and links; no QR code the 站点设置 did not set', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('上海市徐汇区桂平路 680 号 科研检测中心');
    await expect(footer).toContainText('400-820-6688');
    await expect(footer).toContainText('service@labtest.cn');
    await expect(footer).toContainText('周一至周六 8:30-18:30');
    await expect(footer.getByRole('link', { name: '资质证书' }).first()).toHaveAttribute('href', '/license');
    await expect(footer.getByRole('link', { name: '用户协议' }).first()).toHaveAttribute('href', '/agreement/user');
    await expect(footer.getByRole('link', { name: '隐私政策' }).first()).toHaveAttribute('href', '/agreement/privacy');
    await expect(footer.getByRole('link', { name: '公司简介' })).toHaveAttribute('href', '/about');
    // the demo sets no account's QR image in 站点设置: the footer shows none rather than codes of this site's pages (issue 38)
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('region', { name: '扫码关注' })).toHaveCount(0);
    await expect(footer.getByAltText(/二维码$/)).toHaveCount(0);
    // every navigation scrolls to the top
    await footer.getByRole('link', { name: '公司简介' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await footer.getByRole('link', { name: '联系我们' }).click();
    await expect(page).toHaveURL('/contact');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('side bar: hotline, working hours, back to top; QR codes only when set', async ({ page }) => {
    await page.goto('/');
    const side = page.getByRole('complementary', { name: '快捷服务' });
    // between 1280 and 1439 px the rail shows icons only: hover the item, whose label is for screen readers
    const item = (label: string) => side.locator('.side-item', { hasText: label });
    await item('服务热线').hover();
    await expect(side.getByText('400-820-6688')).toBeVisible();
    await item('工作时间').hover();
    await expect(side.getByText('周一至周六 8:30-18:30')).toBeVisible();
    // the demo sets no account's QR image in 站点设置: no code pretends to be one (issue 38)
    await expect(item('扫码关注')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await side.getByRole('button', { name: '返回顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('/invited without a code goes home without the register view', async ({ page }) => {
    await page.goto('/invited');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(loginPanel(page)).toBeHidden();
  });

  test('unknown address shows 页面不存在', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('site shell (phone width)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header collapses into a menu drawer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeHidden();
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('navigation', { name: '手机导航' });
    await expect(drawer).toBeVisible();
    for (const name of ['首页', '送样检测', '上门预约', '数据分析', '关于我们', '能力展示', '新闻', '课程', '联系我们', '指南', '发布需求', '实验计划']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await drawer.getByRole('link', { name: '新闻', exact: true }).click();
    await expect(page).toHaveURL('/list/news');
    await expect(drawer).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(loginPanel(page)).toBeVisible();
    await expect(loginPanel(page).getByLabel('用户名/手机号')).toBeVisible();
  });
});
