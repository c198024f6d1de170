import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AntScope } from '../../../components/ant-scope';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import HomePage from './home-page';
import { homeFixture } from '../testing/home-fixture';
import { bannerSwiperOptions } from '../components/banner-carousel';
import { loopSlides, partnerSwiperOptions } from '../components/partner-strip';
import { bannerTarget, caseTarget } from '../components/links';
import { TestStyles } from '../../../testing/render';

// Swiper needs real layout; the tests look at what the slides render and at the options given.
vi.mock('swiper/react', () => ({
  Swiper: ({ children, className }: { children: ReactNode; className?: string }) => (
    <div className={className} data-testid="swiper">
      {children}
    </div>
  ),
  SwiperSlide: ({ children }: { children: ReactNode }) => <div className="swiper-slide">{children}</div>,
}));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));

function respond(body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntScope>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </QueryClientProvider>
    </AntScope>,
    { wrapper: TestStyles },
  );
}


describe('home page', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', respond({ code: 1, msg: '', data: homeFixture }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks GET /api/open/web/index and sets the site title', async () => {
    renderHome();
    await screen.findByRole('region', { name: '检测服务' });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/open/web/index');
    expect(init.method).toBe('GET');
    expect(document.title).toBe('科研检测服务商城');
  });

  it('banners: http opens a new tab, another value goes to /detail/{rid}, none is plain; text only when present', async () => {
    renderHome();
    const banner = await screen.findByRole('region', { name: '首页横幅' });
    const slides = banner.querySelectorAll('[data-banner-index]');
    expect(slides).toHaveLength(3);
    const [external, internal, plain] = Array.from(slides);
    expect(external?.tagName).toBe('A');
    expect(external).toHaveAttribute('href', 'https://www.example.org/open-day');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(external as HTMLElement).getByText('实验室开放日')).toBeInTheDocument();
    expect(within(external as HTMLElement).getByText('预约参观，现场了解测试流程')).toBeInTheDocument();

    expect(internal?.tagName).toBe('A');
    expect(internal).toHaveAttribute('href', '/detail/XRD2026rid');
    expect(internal).not.toHaveAttribute('target');
    expect(internal?.querySelector('.hp-banner-desc')).toBeNull();

    expect(plain?.tagName).toBe('DIV');
    expect(plain?.querySelector('a')).toBeNull();
    expect(plain?.querySelector('.hp-banner-text')).toBeNull();
  });

  it('banner and logo strip use the spec numbers', () => {
    expect(bannerSwiperOptions.loop).toBe(true);
    expect(bannerSwiperOptions.speed).toBe(1500);
    expect(bannerSwiperOptions.autoplay.delay).toBe(5000);
    expect(bannerSwiperOptions.pagination.clickable).toBe(true);
    expect(partnerSwiperOptions.loop).toBe(true);
    expect(partnerSwiperOptions.speed).toBe(10000);
    expect(partnerSwiperOptions.autoplay.delay).toBe(0);
    expect(partnerSwiperOptions.slidesPerView).toBe(2);
    expect(partnerSwiperOptions.breakpoints[961].slidesPerView).toBe(4);
    expect(loopSlides(homeFixture.partnerArr)).toHaveLength(8);
  });

  it('link rules as pure functions', () => {
    expect(bannerTarget('http://a.example/x')).toEqual({ kind: 'external', href: 'http://a.example/x' });
    expect(bannerTarget('abc')).toEqual({ kind: 'internal', to: '/detail/abc' });
    expect(bannerTarget('')).toEqual({ kind: 'none' });
    expect(bannerTarget(null)).toEqual({ kind: 'none' });
    expect(caseTarget({ rid: 'r1', source: '' })).toEqual({ kind: 'internal', to: '/article/r1' });
    expect(caseTarget({ rid: 'r1', source: 'https://x.example' })).toEqual({ kind: 'external', href: 'https://x.example' });
  });

  it('service-type tiles link to /project with typeId and title; tags add childId', async () => {
    renderHome();
    const types = await screen.findByRole('region', { name: '检测服务' });
    const tile = within(types).getByRole('link', { name: '结构表征' });
    const tileUrl = new URL(tile.getAttribute('href') ?? '', 'http://x');
    expect(tileUrl.pathname).toBe('/project');
    expect(tileUrl.searchParams.get('typeId')).toBe('1');
    expect(tileUrl.searchParams.get('title')).toBe('结构表征');
    expect(tileUrl.searchParams.get('childId')).toBeNull();
    expect(tile).toHaveAttribute('href', `/project?typeId=1&title=${encodeURIComponent('结构表征')}`);

    const tag = within(types).getByRole('link', { name: '扫描电镜' });
    const tagUrl = new URL(tag.getAttribute('href') ?? '', 'http://x');
    expect(tagUrl.pathname).toBe('/project');
    expect(tagUrl.searchParams.get('typeId')).toBe('1');
    expect(tagUrl.searchParams.get('title')).toBe('结构表征');
    expect(tagUrl.searchParams.get('childId')).toBe('102');
    expect(tag).toHaveAttribute('href', `/project?typeId=1&title=${encodeURIComponent('结构表征')}&childId=102`);
  });

  it('hot special area links to the project route with typeId and title, and more to /project', async () => {
    renderHome();
    const areas = await screen.findByRole('region', { name: '热门专区' });
    expect(within(areas).getByRole('link', { name: /上门预约专区/ })).toHaveAttribute('href', `/project/2/${encodeURIComponent('上门预约')}`);
    expect(within(areas).getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/project');
  });

  it('service process: college by default with 6 steps, enterprise with 5', async () => {
    renderHome();
    const process = await screen.findByRole('region', { name: '服务流程' });
    const college = within(process).getByRole('tab', { name: '高校客户' });
    expect(college).toHaveAttribute('aria-selected', 'true');
    expect(within(process).getAllByRole('listitem')).toHaveLength(6);
    expect(process).toHaveTextContent('上海、苏州');
    expect(process).toHaveTextContent('48 小时内寄回样品');

    await userEvent.click(within(process).getByRole('tab', { name: '企业客户' }));
    expect(within(process).getByRole('tab', { name: '企业客户' })).toHaveAttribute('aria-selected', 'true');
    expect(within(process).getAllByRole('listitem')).toHaveLength(5);
    expect(process).toHaveTextContent('全额预付');
    expect(process).toHaveTextContent('准确报价');
  });

  it('popular projects: detail link, sketch tooltip and order count followed by 单', async () => {
    renderHome();
    const hot = await screen.findByRole('region', { name: '热门项目' });
    const link = within(hot).getByRole('link', { name: /场发射扫描电镜/ });
    expect(link).toHaveAttribute('href', '/detail/hot-rid-1');
    expect(link).toHaveTextContent('128单');
    expect(within(hot).getByRole('tooltip')).toHaveTextContent('二次电子像与背散射像，分辨率 1 nm');
    expect(link).toHaveAccessibleDescription('二次电子像与背散射像，分辨率 1 nm');
  });

  it('ability cases: external source in a new tab, else /article/{rid}; dates YYYY-MM-DD; more to /list/service', async () => {
    renderHome();
    const cases = await screen.findByRole('region', { name: '能力展示' });
    const internal = within(cases).getByRole('link', { name: /锂电正极材料/ });
    expect(internal).toHaveAttribute('href', '/article/case-rid-1');
    expect(internal).toHaveTextContent('2026-03-08');
    const external = within(cases).getByRole('link', { name: /催化剂 XPS/ });
    expect(external).toHaveAttribute('href', 'https://mp.example.com/case-2');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveTextContent('2026-02-01');
    expect(within(cases).getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/list/service');
  });

  it('thanks table: the first 5 rows, the six columns, more to /list/thanks', async () => {
    renderHome();
    const thanks = await screen.findByRole('region', { name: '论文致谢' });
    const table = within(thanks).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '作者信息', '服务项目', '期刊信息', '致谢内容', '文章摘要', '原文链接',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement).getAllByRole('cell').map((td) => td.textContent);
    expect(first.slice(0, 5)).toEqual([
      '复旦大学 化学系 1', 'X射线光电子能谱', 'Adv. Mater. 2026, 38, 100', '感谢科研检测服务商城提供的 XPS 测试。', '报道了一种高效析氧催化剂。',
    ]);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: '查看原文' })).toHaveAttribute('href', 'https://doi.org/10.1002/adma.1');
    expect(within(thanks).getByRole('link', { name: /查看更多/ })).toHaveAttribute('href', '/list/thanks');
  });

  it('partner strip shows every logo with its name', async () => {
    renderHome();
    const partners = await screen.findByRole('region', { name: '合作机构' });
    for (const logo of homeFixture.partnerArr) expect(within(partners).getByAltText(logo.name)).toBeInTheDocument();
  });

  it('empty lists show an empty state', async () => {
    vi.stubGlobal('fetch', respond({ code: 1, msg: '', data: { ...homeFixture, hotItems: [], thanksArr: [] } }));
    renderHome();
    expect(await screen.findByText('暂无热门项目')).toBeInTheDocument();
    expect(screen.getByText('暂无论文致谢')).toBeInTheDocument();
  });

  it('a falsy code shows the server message as an error toast', async () => {
    vi.stubGlobal('fetch', respond({ code: 0, msg: '首页数据维护中，请稍后访问', data: null }));
    renderHome();
    await waitFor(() => {
      const toasts = screen.queryAllByText('首页数据维护中，请稍后访问');
      expect(toasts.some((node) => node.closest('.ant-message'))).toBe(true);
    });
    expect(screen.getByRole('heading', { name: '首页内容暂时无法加载' })).toBeInTheDocument();
  });
});
