import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { HomeData } from '@lab/contract';

/** The home data the page was built from, straight from the API. */
async function homeData(page: Page): Promise<HomeData> {
  const response = await page.request.get('/api/open/web/index');
  const body = (await response.json()) as { code: number; data: HomeData };
  expect(body.code).toBe(1);
  return body.data;
}

interface SwiperState {
  loop: boolean;
  speed: number;
  autoplayDelay: number;
  autoplayEnabled: boolean | undefined;
  clickable: boolean | undefined;
  slidesPerView: number;
  realIndex: number;
  /** a transition is running */
  animating: boolean;
}

/** Swiper keeps its instance on the container element once it has started (after the app took the page over); null before. */
function readSwiper(page: Page, selector: string): Promise<SwiperState | null> {
  return page.locator(selector).evaluate((el) => {
    const swiper = (el as HTMLElement & { swiper?: { params: Record<string, unknown>; realIndex: number; animating: boolean } }).swiper;
    if (!swiper) return null;
    const { loop, speed, autoplay, pagination, slidesPerView } = swiper.params as {
      loop: boolean;
      speed: number;
      autoplay: { enabled?: boolean; delay: number };
      pagination: { clickable: boolean };
      slidesPerView: number;
    };
    return { loop, speed, autoplayDelay: autoplay.delay, autoplayEnabled: autoplay.enabled, clickable: pagination?.clickable, slidesPerView, realIndex: swiper.realIndex, animating: swiper.animating };
  });
}

/** The carousel's state, waiting until it has started: on a busy machine that comes well after the drawn page shows. */
async function swiperParams(page: Page, selector: string): Promise<SwiperState> {
  let state: SwiperState | null = null;
  await expect.poll(async () => (state = await readSwiper(page, selector)) !== null, { message: `${selector} has started` }).toBe(true);
  return state!;
}

test.describe('home page', () => {
  test('title and every section', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('科研检测服务商城');
    for (const name of ['首页横幅', '检测服务', '热门专区', '服务流程', '热门项目', '能力展示', '论文致谢', '合作机构']) {
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    }
  });

  test('banner: loop, 1500 ms, autoplay 5000 ms, clickable pagination; link rules', async ({ page }) => {
    const data = await homeData(page);
    expect(data.bannerArr.length).toBeGreaterThan(1);
    await page.goto('/');
    const banner = page.getByRole('region', { name: '首页横幅' });
    await expect(banner).toBeVisible();

    const params = await swiperParams(page, '.hp-banner .swiper');
    expect(params).toMatchObject({ loop: true, speed: 1500, autoplayDelay: 5000, autoplayEnabled: true, clickable: true });

    const kinds = new Set<string>();
    for (const [index, item] of data.bannerArr.entries()) {
      const slide = banner.locator(`[data-banner-index="${index}"]`).first();
      const redirect = item.redirect?.trim() ?? '';
      const tag = await slide.evaluate((el) => el.tagName);
      if (/^https?:\/\//i.test(redirect)) {
        kinds.add('external');
        expect(tag).toBe('A');
        await expect(slide).toHaveAttribute('href', redirect);
        await expect(slide).toHaveAttribute('target', '_blank');
      } else if (redirect) {
        kinds.add('detail');
        expect(tag).toBe('A');
        await expect(slide).toHaveAttribute('href', `/detail/${encodeURIComponent(redirect)}`);
        await expect(slide).not.toHaveAttribute('target', /.*/);
      } else {
        kinds.add('plain');
        expect(tag).toBe('DIV');
        await expect(slide.locator('a')).toHaveCount(0);
      }
      // title and description only when present
      await expect(slide.locator('.hp-banner-title')).toHaveCount(item.title ? 1 : 0);
      await expect(slide.locator('.hp-banner-desc')).toHaveCount(item.description ? 1 : 0);
    }
    expect(kinds.size, 'the demo banners cover the link rules').toBeGreaterThanOrEqual(2);

    // clickable pagination moves the carousel
    const bullets = banner.locator('.swiper-pagination-bullet');
    await expect(bullets).toHaveCount(data.bannerArr.length);
    await bullets.nth(1).click();
    await expect.poll(async () => (await swiperParams(page, '.hp-banner .swiper')).realIndex).toBe(1);

    // a rid banner opens the detail page
    const ridIndex = data.bannerArr.findIndex((b) => b.redirect && !/^https?:/i.test(b.redirect));
    if (ridIndex >= 0) {
      // the pointer stays on the banner from here on, which holds the autoplay (pauseOnMouseEnter)
      await bullets.nth(ridIndex).click();
      // wait for the slide to arrive and stop moving, however long the 1500 ms transition takes here
      await expect.poll(async () => {
        const { realIndex, animating } = await swiperParams(page, '.hp-banner .swiper');
        return { realIndex, animating };
      }).toEqual({ realIndex: ridIndex, animating: false });
      await banner.locator(`.swiper-slide-active [data-banner-index="${ridIndex}"]`).click();
      await expect(page).toHaveURL(`/detail/${encodeURIComponent(data.bannerArr[ridIndex]?.redirect ?? '')}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test('service-type tiles and sub-type tags link to /project with their query', async ({ page }) => {
    const data = await homeData(page);
    const group = data.typeArr.find((g) => g.typeChildArr.length > 0);
    expect(group).toBeTruthy();
    if (!group) return;
    const child = group.typeChildArr[0]!;
    await page.goto('/');
    const types = page.getByRole('region', { name: '检测服务' });

    const tile = types.getByRole('link', { name: group.name, exact: true });
    const tileUrl = new URL((await tile.getAttribute('href')) ?? '', 'http://x');
    expect(tileUrl.pathname).toBe('/project');
    expect(tileUrl.searchParams.get('typeId')).toBe(String(group.typeId));
    expect(tileUrl.searchParams.get('title')).toBe(group.name);
    expect(tileUrl.searchParams.has('childId')).toBe(false);

    const tag = types.getByRole('link', { name: child.name, exact: true });
    const tagUrl = new URL((await tag.getAttribute('href')) ?? '', 'http://x');
    expect(tagUrl.pathname).toBe('/project');
    expect(tagUrl.searchParams.get('typeId')).toBe(String(group.typeId));
    expect(tagUrl.searchParams.get('title')).toBe(group.name);
    expect(tagUrl.searchParams.get('childId')).toBe(String(child.id));

    await tag.click();
    await expect(page).toHaveURL(/\/project\?/);
    await expect(page).toHaveTitle(`${group.name} - 科研检测服务商城`);
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    await expect(page.getByRole('group', { name: '细分' }).getByRole('button', { name: child.name })).toHaveAttribute('aria-pressed', 'true');

    // the tile opens the list of its group
    await page.goBack();
    await page.getByRole('region', { name: '检测服务' }).getByRole('link', { name: group.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
    await expect(page.getByRole('group', { name: '分类' }).getByRole('button', { name: group.name })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('group', { name: '细分' }).getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('hot special area links to the project route; more goes to /project', async ({ page }) => {
    const data = await homeData(page);
    const area = data.prefectureNavBottomArr[0];
    expect(area).toBeTruthy();
    if (!area) return;
    await page.goto('/');
    const section = page.getByRole('region', { name: '热门专区' });
    await expect(section.getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/project');
    const link = section.getByRole('link', { name: new RegExp(area.name) }).first();
    await expect(link).toHaveAttribute('href', `/project/${area.typeId}/${encodeURIComponent(area.title)}`);
    await link.click();
    await expect(page).toHaveTitle(`${area.title} - 科研检测服务商城`);
  });

  test('service process tabs: college (default, 6 steps) and enterprise (5 steps)', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: '服务流程' });
    const steps = section.getByRole('tabpanel').getByRole('listitem');
    await expect(section.getByRole('tab', { name: '高校客户' })).toHaveAttribute('aria-selected', 'true');
    await expect(steps).toHaveCount(6);
    await expect(section).toContainText('上海、苏州');
    await expect(section).toContainText('2 小时内');
    await expect(section).toContainText('48 小时内');
    await section.getByRole('tab', { name: '企业客户' }).click();
    await expect(section.getByRole('tab', { name: '企业客户' })).toHaveAttribute('aria-selected', 'true');
    await expect(steps).toHaveCount(5);
    await expect(section).toContainText('全额预付');
    await section.getByRole('tab', { name: '高校客户' }).click();
    await expect(steps).toHaveCount(6);
  });

  test('popular projects, ability cases and the thanks table', async ({ page }) => {
    const data = await homeData(page);
    await page.goto('/');

    const hot = page.getByRole('region', { name: '热门项目' });
    const item = data.hotItems[0];
    if (item) {
      const link = hot.getByRole('link', { name: new RegExp(item.name.replace(/[()（）]/g, '.')) }).first();
      await expect(link).toHaveAttribute('href', `/detail/${encodeURIComponent(item.rid)}`);
      await expect(link).toContainText(`${item.order}单`);
      await link.hover();
      await expect(hot.getByRole('tooltip', { name: item.sketch }).first()).toBeVisible();
    }

    const cases = page.getByRole('region', { name: '能力展示' });
    await expect(cases.getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/list/service');
    for (const entry of data.serviceCaseArr) {
      const link = cases.locator('a.hp-case', { hasText: entry.title }).first();
      if (entry.source && /^https?:/.test(entry.source)) {
        await expect(link).toHaveAttribute('href', entry.source);
        await expect(link).toHaveAttribute('target', '_blank');
      } else {
        await expect(link).toHaveAttribute('href', `/article/${encodeURIComponent(entry.rid)}`);
      }
      await expect(link.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    }

    const thanks = page.getByRole('region', { name: '论文致谢' });
    await expect(thanks.getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/list/thanks');
    const table = thanks.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['作者信息', '服务项目', '期刊信息', '致谢内容', '文章摘要', '原文链接']);
    expect(data.thanksArr.length).toBeGreaterThanOrEqual(5);
    await expect(table.locator('tbody tr')).toHaveCount(5);
    const first = data.thanksArr[0]!;
    await expect(table.locator('tbody tr').first().getByRole('cell').first()).toHaveText(first.company);
  });

  test('partner logo strip: loop, 10000 ms, delay 0, 2 per view and 4 from 961 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const strip = page.getByRole('region', { name: '合作机构' });
    await strip.scrollIntoViewIfNeeded();
    const wide = await swiperParams(page, '.hp-partners .swiper');
    expect(wide).toMatchObject({ loop: true, speed: 10000, autoplayDelay: 0, slidesPerView: 4 });
    const data = await homeData(page);
    for (const logo of data.partnerArr) await expect(strip.getByRole('img', { name: logo.name })).toHaveCount(1);

    await page.setViewportSize({ width: 961, height: 900 });
    await expect.poll(async () => (await swiperParams(page, '.hp-partners .swiper')).slidesPerView).toBe(4);
    await page.setViewportSize({ width: 960, height: 900 });
    await expect.poll(async () => (await swiperParams(page, '.hp-partners .swiper')).slidesPerView).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await swiperParams(page, '.hp-partners .swiper')).slidesPerView).toBe(2);
  });

  test('a falsy home-data code shows the server message as an error toast', async ({ page }) => {
    await page.route('**/api/open/web/index', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: '首页数据维护中，请稍后访问', data: null }) }),
    );
    // opened at its address, the home page comes drawn by the server from the server's own answer
    // (a falsy one sends the bare shell, and the browser asks: apps/server/test/web-pages.test.ts);
    // the browser's own call is the one made on the way there from another page
    await page.goto('/guide');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await expect(page.locator('.ant-message').getByText('首页数据维护中，请稍后访问')).toBeVisible();
  });

  test('phone width: nothing overflows sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: '论文致谢' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
