import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { loginAsDemo, openLoginPanel } from './support/auth';

/**
 * axe-core on the pages people land on: no critical or serious violation (issue 18). A failure
 * names each rule with the first elements it found, so the fix is findable without a rerun.
 */
async function expectNoSeriousViolations(page: Page, alsoRules: string[] = []) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const grave = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || alsoRules.includes(v.id))
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n  ')}`);
  expect(grave, grave.join('\n')).toEqual([]);
}

/** The first link of the first list found on the page under `selector`, as a path. */
async function firstHref(page: Page, selector: string) {
  const href = await page.locator(selector).first().getAttribute('href');
  expect(href, `a link ${selector}`).toBeTruthy();
  return href!;
}

test.describe('accessibility (axe-core)', () => {
  test('public pages: home, service list, a service detail, an article list and an article, the 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    await expectNoSeriousViolations(page);

    await page.goto('/project');
    await expect(page.getByRole('region', { name: '检测项目' })).toBeVisible();
    // the audit also saw a skipped heading level and two search landmarks without a name here
    await expectNoSeriousViolations(page, ['heading-order', 'landmark-unique']);
    await expect(page.getByRole('search', { name: '全站搜索' })).toBeVisible();
    await expect(page.getByRole('search', { name: '在结果中搜索' })).toBeVisible();

    await page.goto(await firstHref(page, 'a[href^="/detail/"]'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/list/news');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto(await firstHref(page, 'a[href^="/article/"]'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.goto('/no-such-page');
    await expect(page.getByText('页面不存在')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the login panel open: the page behind is out of reach, the panel passes', async ({ page }) => {
    await page.goto('/');
    const panel = await openLoginPanel(page);
    await expect(panel.getByLabel('用户名/手机号')).toBeVisible();
    await expectNoSeriousViolations(page);
    // a proper modal: nothing behind it takes the focus, by Tab or otherwise
    const behind = page.getByRole('navigation', { name: '快捷入口' }).getByRole('button', { name: '注册', exact: true });
    await behind.focus();
    await expect(behind).not.toBeFocused();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]') || document.activeElement === document.body);
      expect(inside, `Tab ${i + 1} left the login panel`).toBe(true);
    }
  });

  test('member pages, logged in: center, orders, order query', async ({ page }) => {
    await page.goto('/');
    await loginAsDemo(page);
    for (const [path, title] of [
      ['/member/center', '会员中心'],
      ['/member/order', '我的订单'],
      ['/member/oquery', '订单查询'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });
});
