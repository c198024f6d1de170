import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { formatFen, type DeviceDetail, type DeviceSummary, type Page as Paged } from '@lab/contract';

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

test.describe('catalogue', () => {
  test('search from the header opens the named window with highlighted results', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: '搜索检测项目' }).fill('XRD');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).searchParams.get('kw')).toBe('XRD');
    await expect(popup).toHaveTitle('搜索“XRD” - 科研检测服务商城');
    const results = popup.getByRole('region', { name: '搜索结果' });
    await expect(results.getByRole('link').first()).toBeVisible();
    const marks = results.locator('mark');
    expect(await marks.count()).toBeGreaterThan(0);
    // the keyword and its synonyms (X射线衍射, 粉末衍射 …: decisions/0044) are marked
    expect((await marks.allTextContents()).map((text) => text.toLowerCase())).toContain('xrd');

    // a keyword with no match shows an empty state
    await popup.getByRole('searchbox', { name: '搜索关键词' }).fill('不存在的项目名称');
    await popup.getByRole('searchbox', { name: '搜索关键词' }).press('Enter');
    await expect(popup.getByText('没有找到与“不存在的项目名称”相关的检测项目')).toBeVisible();
  });

  test('detail page shows everything about the item, with an honest consult button', async ({ page }) => {
    const found = await api<Paged<DeviceSummary>>(page, '/api/open/web/device/search?keyword=XRD&pageSize=5');
    const summary = found.list[0];
    expect(summary).toBeTruthy();
    if (!summary) return;
    const item = await api<DeviceDetail>(page, `/api/open/web/device/detail?rid=${encodeURIComponent(summary.rid)}`);

    // the page paints without antd: its providers (and the rest of antd) come with the first dialog or toast
    const antd: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ant-scope-/.test(request.url())) antd.push(request.url());
    });
    await page.goto(`/detail/${encodeURIComponent(item.rid)}`);
    await expect(page).toHaveTitle(`${item.name} - 科研检测服务商城`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name);
    await expect(page.getByRole('img', { name: item.name }).first()).toBeVisible();
    if (item.model) await expect(page.getByText(`仪器型号：${item.model}`)).toBeVisible();
    await expect(page.getByTestId('detail-price')).toHaveText(`${formatFen(item.priceFen)}/${item.unit}`);
    // counted from completed orders; an item none has completed states nothing
    if (item.order > 0) await expect(page.getByText(`已服务 ${item.order} 单`)).toBeVisible();
    else await expect(page.getByText(/已服务 .* 单/)).toHaveCount(0);
    if (item.turnaround) await expect(page.getByText(item.turnaround, { exact: true })).toBeVisible();
    if (item.labLocation) await expect(page.getByText(item.labLocation, { exact: true })).toBeVisible();
    for (const option of item.options) await expect(page.getByText(option.name, { exact: true })).toBeVisible();
    if (item.sampleRequirements) await expect(page.getByRole('region', { name: '样品要求' })).toBeVisible();
    if (item.faq.length) await expect(page.getByRole('region', { name: '常见问题' }).getByText(item.faq[0]!.question)).toBeVisible();
    if (item.examples.length) await expect(page.getByRole('region', { name: '结果示例' }).getByRole('img')).toHaveCount(item.examples.length);
    if (item.related.length) await expect(page.getByRole('region', { name: '相关项目' }).getByRole('link')).toHaveCount(item.related.length);

    // beside the add-to-plan panel, a consult link that carries the item to the contact form
    if (item.typeId !== 2 && !item.reservable) await expect(page.getByRole('button', { name: /加入实验计划/ })).toBeVisible();
    expect(antd).toEqual([]);
    await page.getByRole('link', { name: /咨询此项目/ }).click();
    await expect(page).toHaveURL(/\/contact\?item=/);
    await expect(page.getByLabel('咨询内容')).toHaveValue(new RegExp(item.name.replace(/[()（）[\]+.*?]/g, '.')));

    // a missing rid answers with a not-found state
    await page.goto('/detail/no-such-item');
    await expect(page.getByText('内容不存在')).toBeVisible();
  });

  test('project list: groups, sub-types, keyword, sort and pages', async ({ page }) => {
    await page.goto(`/project/1/${encodeURIComponent('送样检测')}`);
    await expect(page).toHaveTitle('送样检测 - 科研检测服务商城');
    await expect(page.getByRole('navigation', { name: '服务类型' }).getByRole('link', { name: '送样检测', exact: true })).toHaveAttribute('aria-current', 'page');
    const groups = page.getByRole('group', { name: '分类' });
    await expect(groups.getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
    const cards = page.getByRole('region', { name: '检测项目' }).locator('a.cat-card');
    await expect(cards.first()).toBeVisible();

    const second = groups.getByRole('button').nth(1);
    const groupName = (await second.textContent()) ?? '';
    await second.click();
    await expect(page).toHaveURL(/groupId=\d+/);
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    const children = page.getByRole('group', { name: '细分' });
    await expect(children.getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards.first()).toContainText(groupName.trim());

    // the list shows the previous answer until the sorted one arrives: wait for the page to show exactly the server's sorted answer
    const sortedAnswer = page.waitForResponse((response) => response.url().includes('/api/open/web/device/search') && response.url().includes('sort=priceAsc'));
    await page.getByRole('combobox', { name: '排序' }).selectOption({ label: '价格从低到高' });
    await expect(page).toHaveURL(/sort=priceAsc/);
    const sorted = ((await (await sortedAnswer).json()) as { data: { list: { name: string }[] } }).data.list.map((item) => item.name);
    expect(sorted.length).toBeGreaterThan(1);
    await expect(cards.locator('.cat-card-name')).toHaveText(sorted);
    const prices = await page.locator('.cat-price').evaluateAll((nodes) => nodes.map((node) => Number((node.firstChild?.textContent ?? '').replace(/[¥,]/g, ''))));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('lists, articles and pages of the content area, all without antd', async ({ page }) => {
    // drawn with the plain kit (issue 18): antd's providers (and the rest of antd) never load here
    const antd: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ant-scope-/.test(request.url())) antd.push(request.url());
    });
    await page.goto('/list/news');
    await expect(page).toHaveTitle('新闻资讯 - 科研检测服务商城');
    const first = page.locator('a.cat-article').first();
    await expect(first).toBeVisible();
    const title = (await first.locator('h2').textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/article\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} - 科研检测服务商城`);

    await page.goto('/list/thanks');
    await expect(page).toHaveTitle('论文致谢 - 科研检测服务商城');
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveCount(6);

    await page.goto('/list/whatever');
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();

    await page.goto('/televised');
    await expect(page).toHaveTitle('能力展示 - 科研检测服务商城');
    await expect(page.getByRole('heading', { name: '典型案例' })).toBeVisible();

    await page.goto('/about/culture');
    await expect(page).toHaveTitle('企业文化 - 科研检测服务商城');
    await expect(page.getByRole('navigation', { name: '关于我们' }).getByRole('link', { name: '企业文化' })).toHaveClass(/is-active/);
    await expect(page.locator('.cnt-article')).toBeVisible();

    for (const [path, name] of [['/guide', '服务指南'], ['/license', '资质证书']] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${name} - 科研检测服务商城`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('.cnt-article')).toBeVisible();
    }
    // the privacy policy is the published agreement (/policy leads there), without antd too
    await page.goto('/policy');
    await expect(page).toHaveURL(/\/agreement\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(page.getByText(/^第 \d+ 版$/)).toBeVisible();

    await page.goto('/search?kw=XRD');
    await expect(page.getByRole('region', { name: '搜索结果' }).getByRole('link').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(antd).toEqual([]);
  });

  test('contact: the consultation form checks fields with the contract messages and posts', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle('联系我们 - 科研检测服务商城');
    // the first problem under its field, one at a time (spec §5)
    const send = page.getByRole('button', { name: '提交咨询' });
    await send.click();
    await expect(page.getByText('[姓名]不能为空')).toBeVisible();
    await expect(page.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('[手机号]不能为空')).toBeHidden();
    await page.getByLabel('姓名').fill('王老师');
    await send.click();
    await expect(page.getByText('[手机号]不能为空')).toBeVisible();
    await page.getByLabel('手机号').fill('12345');
    await send.click();
    await expect(page.getByText('[手机号]格式不正确')).toBeVisible();
    await page.getByLabel('手机号').fill('13912345678');
    await page.getByLabel('单位').fill('同济大学 材料学院');
    await page.getByLabel('咨询内容').fill('想测 10 个粉末样品的 XRD，请问周期多久？');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expect(page.getByText('咨询已提交')).toBeVisible();
  });

  test('phone width: catalogue and content pages fit 390 px', async ({ page }) => {
    const found = await api<Paged<DeviceSummary>>(page, '/api/open/web/device/search?pageSize=1');
    const rid = found.list[0]?.rid ?? 'none';
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [`/detail/${rid}`, `/project/1/${encodeURIComponent('送样检测')}`, '/list/news', '/list/thanks', '/televised', '/search?kw=XRD', '/about/profile', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
