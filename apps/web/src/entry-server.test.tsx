import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type * as ReactDomServer from 'react-dom/server';
import type { WebRenderer } from '@lab/contract/web-render';
import { createRenderer } from './entry-server';
import { SERVER_STATE_ID } from './app/server-page';
import { APP_SCRIPT_ID } from './app/app-script';
import { queryClient } from './lib/query-client';
import { homeFixture } from './features/catalog/testing/home-fixture';
import { detailFixture, groupsFixture, summaryFixture } from './features/catalog/testing/device-fixture';
import { answeringApi, bodyOf, home, manifest, settings, stateOf, template } from './testing/entry-server-fixture';

// Swiper measures the page, which jsdom has not laid out; server and browser draw the same slides.
vi.mock('swiper/react', () => ({
  Swiper: ({ children, className }: { children: ReactNode; className?: string }) => <div className={className}>{children}</div>,
  SwiperSlide: ({ children }: { children: ReactNode }) => <div className="swiper-slide">{children}</div>,
}));
vi.mock('swiper/modules', () => ({ Autoplay: {}, Pagination: {} }));
// counted: a page is drawn by one render, from data its loaders fetched before
vi.mock('react-dom/server', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactDomServer>();
  return { ...actual, renderToString: vi.fn(actual.renderToString) };
});

let answers: Record<string, unknown>;
const { calls, api } = answeringApi(() => answers);

let renderer: WebRenderer;

beforeAll(() => {
  renderer = createRenderer({ template, manifest, api });
});

afterEach(() => {
  answers = {};
  calls.length = 0;
  queryClient.clear();
  vi.unstubAllEnvs();
  vi.mocked(renderToString).mockClear();
});

describe('the server draws the public pages', () => {
  it('draws the home page from the home data, with its styles, and the app’s scripts for after the paint', async () => {
    answers = { '/api/open/web/index': home, '/api/open/setting': settings };
    const html = await renderer.render('/');
    expect(html).not.toBeNull();
    const page = bodyOf(html!);
    expect(page.querySelector('.hp-banner-img')?.getAttribute('src')).toBe(home.bannerArr[0]!.img);
    expect(page.querySelector('.hp-banner-img')?.getAttribute('fetchpriority')).toBe('high');
    expect(page.querySelector('.topbar-hotline')?.textContent).toContain('021-6666 8888');
    expect([...page.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'))).toEqual(['/assets/index-C.css', '/assets/shared-J.css', '/assets/home-page-F.css']);
    // nothing of the app is fetched before the paint; start-after-paint.ts asks for it, page chunk included
    expect(page.querySelector('link[rel="modulepreload"]')).toBeNull();
    const start = page.getElementById(APP_SCRIPT_ID) as HTMLScriptElement;
    expect(start.getAttribute('src')).toBe('/assets/start-after-paint-D.js');
    expect(JSON.parse(start.dataset.scripts!)).toEqual(['/assets/index-A.js', '/assets/runtime-B.js', '/assets/home-page-E.js', '/assets/shared-I.js']);
    // the data travels as JSON that nothing in it can break out of
    expect(html).not.toContain('</script><script>alert(1)');
    const state = stateOf(page);
    expect(state.queries.queries.map((query) => query.queryKey)).toEqual(expect.arrayContaining([['catalog', 'home'], ['site', 'settings']]));
    expect(state.queries.queries.find((query) => query.queryKey[1] === 'home')?.state.data).toEqual(home);
    expect(calls.every((call) => call.url.startsWith('/api/open/'))).toBe(true);
    // the shell's own script and preloads are not in a drawn page; its title is the page's, once
    expect(html).not.toContain('/assets/index-A.js"></script>');
    expect(html!.match(/<title>/g)).toHaveLength(1);
  });

  it('draws a page in one render from what its loaders fetched, each call once, and sends the data it was drawn from', async () => {
    answers = { '/api/open/web/index': home, '/api/open/setting': settings };
    const page = bodyOf((await renderer.render('/'))!);
    expect(renderToString).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.url.split('?')[0]).sort()).toEqual(['/api/open/setting', '/api/open/web/index']);
    // the router's hydration data: the route's loader ran on the server, and the browser's does not run again
    const state = stateOf(page);
    expect(state.router.loaderData).toHaveProperty('home');
    expect(state.queries.queries.every((query) => query.state.status === 'success')).toBe(true);
    // the data block sits after the drawn page, not inside the element the browser hydrates
    expect(page.getElementById('root')!.querySelector(`#${SERVER_STATE_ID}`)).toBeNull();
  });

  it('keeps the calls of drawings made at once apart: each drawing’s transport is its own', async () => {
    const other = createRenderer({
      template,
      manifest,
      api: async (call) => {
        const path = call.url.split('?')[0]!;
        const data = path === '/api/open/web/index' ? { ...homeFixture, bannerArr: [{ ...homeFixture.bannerArr[0]!, img: '/upload/other.svg' }] } : settings;
        return { status: 200, body: JSON.stringify({ code: 1, msg: '操作成功', data }) };
      },
    });
    answers = { '/api/open/web/index': home, '/api/open/setting': settings };
    const [mine, theirs] = await Promise.all([renderer.render('/'), other.render('/')]);
    expect(bodyOf(mine!).querySelector('.hp-banner-img')?.getAttribute('src')).toBe(home.bannerArr[0]!.img);
    expect(bodyOf(theirs!).querySelector('.hp-banner-img')?.getAttribute('src')).toBe('/upload/other.svg');
    expect(calls).toHaveLength(2);
  });

  it('draws the service list with the items the address asks for, titled like the page', async () => {
    vi.stubEnv('SSR', true);
    answers = { '/api/open/web/type/group': groupsFixture, '/api/open/web/device/search': { list: [summaryFixture], total: 1 }, '/api/open/setting': settings };
    const html = await renderer.render('/project/1/%E9%80%81%E6%A0%B7%E6%A3%80%E6%B5%8B?keyword=XRD&sort=hot');
    const page = bodyOf(html!);
    expect(page.title).toBe('送样检测 - 科研检测服务商城');
    expect(page.querySelector('.cat-card-name')?.textContent).toBe(summaryFixture.name);
    const search = calls.find((call) => call.url.startsWith('/api/open/web/device/search'))!;
    expect(Object.fromEntries(new URL(search.url, 'http://x').searchParams)).toMatchObject({ typeId: '1', keyword: 'XRD', sort: 'hot' });
  });

  it('waits for the groups when the title names one, and asks for that group’s items', async () => {
    answers = { '/api/open/web/type/group': groupsFixture, '/api/open/web/device/search': { list: [summaryFixture], total: 1 }, '/api/open/setting': settings };
    await renderer.render('/project?typeId=1&title=%E6%98%BE%E5%BE%AE%E5%BD%A2%E8%B2%8C');
    const searches = calls.filter((call) => call.url.startsWith('/api/open/web/device/search'));
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!.url, 'http://x').searchParams.get('groupId')).toBe('32');
    expect(renderToString).toHaveBeenCalledTimes(1);
  });

  it('draws an item’s detail page; an item that does not exist is left to the browser', async () => {
    vi.stubEnv('SSR', true);
    // an instrument booked by the hour: the page shows its calendar
    answers = { '/api/open/web/device/detail': { ...detailFixture, typeId: 2, reservable: true }, '/api/open/setting': settings };
    const page = bodyOf((await renderer.render('/detail/xrd-rid'))!);
    expect(page.title).toBe(`${detailFixture.name} - 科研检测服务商城`);
    expect(page.querySelector('h1')?.textContent).toBe(detailFixture.name);
    // an instrument's free hours change with every booking: never drawn, the browser asks
    expect(calls.map((call) => call.url.split('?')[0])).not.toContain('/api/open/device/query4timeExtra');
    answers = { '/api/open/setting': settings };
    expect(await renderer.render('/detail/no-such-rid')).toBeNull();
  });

  it('keeps a page under its path and the query parameters it reads, whatever else the address carries', () => {
    expect(renderer.pageUrl('/?from=singlemessage&utm_source=wx')).toBe('/');
    expect(renderer.pageUrl('/detail/xrd-rid?from=timeline')).toBe('/detail/xrd-rid');
    expect(renderer.pageUrl('/project/1?utm_campaign=x&page=2&keyword=XRD')).toBe('/project/1?keyword=XRD&page=2');
    expect(renderer.pageUrl('/project?keyword=XRD&page=2')).toBe(renderer.pageUrl('/project?page=2&keyword=XRD'));
  });

  it('answers an address with no page by the shell titled 页面不存在 (sent 404), and no other', () => {
    for (const url of ['/no-such-page', '/detail', '/member/no-such', '/adminx', '/project/1/2/3']) {
      const page = renderer.notFoundPage(url);
      expect(page, url).toContain('<title>页面不存在 - 科研检测服务商城</title>');
      expect(page, url).toContain('<div id="root"><!--app-html--></div>');
      expect(page, url).toContain('/assets/index-A.js');
    }
    // the back office's screens join the router on first use: every address under /admin/ is the
    // back office's to draw (its own not-found screen included), so the server sends its shell
    for (const url of ['/', '/project/1', '/detail/xrd-rid', '/member/order', '/invited/ABC123', '/admin', '/admin/login', '/admin/orders', '/admin/no-such?x=1', '/about/profile', '/list/news', '/article/1']) {
      expect(renderer.notFoundPage(url), url).toBeNull();
    }
  });

  it('lists every address of the app for the server’s router, with the pages it draws and the query they read', () => {
    const byPath = new Map(renderer.addresses.map((address) => [address.path, address.page]));
    expect(byPath.get('/')).toEqual({ query: [] });
    expect(byPath.get('/detail/:rid')).toEqual({ query: [] });
    // optional segments both ways: /project, /project/:typeId, /project/:typeId/:title
    for (const path of ['/project', '/project/:typeId', '/project/:typeId/:title']) expect(byPath.get(path)?.query, path).toContain('keyword');
    for (const path of ['/member', '/member/order', '/member/order/:orderNo', '/experiment/plan', '/invited', '/invited/:code', '/about/:section', '/agreement/:kind', '/wx/confirm', '/admin', '/admin/login', '/admin/*']) {
      expect(byPath.has(path), path).toBe(true);
    }
    expect(byPath.get('/member/order')).toBeNull();
    expect(byPath.get('/admin/*')).toBeNull();
    // the not-found page is what no address is; every address once, each a route the server can take
    expect([...byPath.keys()].filter((path) => path.includes('*'))).toEqual(['/admin/*']);
    expect(byPath.size).toBe(renderer.addresses.length);
    // one route per shape: the server's router takes '/project/:typeId' and '/project/:title' for the same route
    const shapes = renderer.addresses.map(({ path }) => path.replace(/:\w+/g, ':'));
    expect(new Set(shapes).size).toBe(shapes.length);
    for (const { path } of renderer.addresses) expect(path, path).toMatch(/^\/([\w-]+|:\w+)?(\/([\w-]+|:\w+))*(\/\*)?$/);
  });

  it('leaves every other page to the browser, and a page whose data failed', async () => {
    for (const url of ['/member/order', '/experiment/plan', '/invited/ABC123', '/admin', '/search?kw=XRD', '/about/profile']) {
      expect(renderer.pageUrl(url), url).toBeNull();
      expect(await renderer.render(url), url).toBeNull();
    }
    expect(calls).toHaveLength(0);
    expect(renderer.pageUrl('/')).toBe('/');
    answers = { '/api/open/setting': settings };
    expect(await renderer.render('/')).toBeNull();
    expect(renderToString).not.toHaveBeenCalled();
  });

  it('refuses a template without the placeholders it fills', () => {
    expect(() => createRenderer({ template: template.replace('<!--app-head-->', ''), manifest, api })).toThrow(/app-head/);
    expect(() => createRenderer({ template: template.replace('<!--app-html-->', ''), manifest, api })).toThrow(/app-html/);
  });
});

describe('the footer’s filings, drawn on the server from the site settings', () => {
  const identity = { icp: '沪ICP备12345678号-1', police: '沪公网安备 31010402000123号', policeCode: '31010402000123', company: '上海科研检测技术有限公司', licenceImg: 'https://files.example.cn/upload/img/licence.png', founded: 2016, qrOfficial: '', qrConsult: '', qrMiniapp: '' };

  it('shows each filing that is set, with its link', async () => {
    answers = { '/api/open/web/index': home, '/api/open/setting': { ...settings, identity } };
    const page = bodyOf((await renderer.render('/'))!);
    const filings = page.querySelector('footer .footer-bottom');
    expect(filings?.textContent).toContain('运营主体：上海科研检测技术有限公司');
    const link = (text: string) => [...filings!.querySelectorAll('a')].find((a) => a.textContent?.includes(text));
    expect(link('沪ICP备12345678号-1')?.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(link('沪公网安备')?.getAttribute('href')).toBe('http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=31010402000123');
    expect(link('沪公网安备')?.querySelector('img')?.getAttribute('src')).toBe('/beian-police.svg');
    expect(link('营业执照')?.getAttribute('href')).toBe(identity.licenceImg);
  });

  it('shows the QR codes of the real accounts set in 站点设置, and no other (issue 38)', async () => {
    const qrOfficial = 'https://files.example.cn/upload/img/mp.png';
    const qrConsult = 'https://files.example.cn/upload/img/wecom.png';
    answers = { '/api/open/web/index': home, '/api/open/setting': { ...settings, identity: { ...identity, qrOfficial, qrConsult } } };
    const page = bodyOf((await renderer.render('/'))!);
    const codes = [...page.querySelectorAll('footer .footer-qr img')].map((img) => [img.getAttribute('alt'), img.getAttribute('src')]);
    expect(codes).toEqual([
      ['公众号二维码', qrOfficial],
      ['业务咨询二维码', qrConsult],
    ]);
    answers = { '/api/open/web/index': home, '/api/open/setting': { ...settings, identity } };
    expect(bodyOf((await renderer.render('/'))!).querySelector('footer .footer-qr')).toBeNull();
  });

  it('shows none when none is set', async () => {
    for (const given of [undefined, { icp: '', police: '', policeCode: '', company: '', licenceImg: '', founded: null, qrOfficial: '', qrConsult: '', qrMiniapp: '' }]) {
      answers = { '/api/open/web/index': home, '/api/open/setting': { ...settings, ...(given ? { identity: given } : {}) } };
      const page = bodyOf((await renderer.render('/'))!);
      expect(page.querySelector('footer .filing')).toBeNull();
      expect(page.querySelector('footer')?.textContent).not.toMatch(/ICP|公网安备|营业执照|运营主体/);
    }
  });
});