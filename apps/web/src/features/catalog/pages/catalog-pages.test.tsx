import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import ProjectListPage from './project-list-page';
import SearchPage from './search-page';
import DetailPage from './detail-page';
import { mockApi, renderRoutes } from '../testing/render';
import { detailFixture, groupsFixture, summaryFixture } from '../testing/device-fixture';

afterEach(() => vi.unstubAllGlobals());

const searchCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/open/web/device/search');

describe('project list', () => {
  it('reads typeId, title and childId from the query, selects the sub-type and its group', async () => {
    const fetchMock = mockApi({
      '/api/open/web/type/group': () => groupsFixture,
      '/api/open/web/device/search': () => ({ list: [summaryFixture], total: 1, page: 1, pageSize: 12 }),
    });
    renderRoutes([{ path: '/project/:typeId?/:title?', Component: ProjectListPage }], `/project?typeId=1&title=${encodeURIComponent('结构表征')}&childId=3102`);
    expect(await screen.findByRole('heading', { level: 1, name: '结构表征' })).toBeInTheDocument();
    expect(document.title).toBe('结构表征 - 科研检测服务商城');
    const child = within(await screen.findByRole('group', { name: '细分' })).getByRole('button', { name: '单晶衍射' });
    expect(child).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('group', { name: '分类' })).getByRole('button', { name: '结构表征' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      const last = searchCalls(fetchMock).at(-1);
      expect(last?.searchParams.get('typeId')).toBe('1');
      expect(last?.searchParams.get('childId')).toBe('3102');
      expect(last?.searchParams.get('groupId')).toBe('31');
    });
    expect(screen.getByRole('link', { name: /X射线衍射仪/ })).toHaveAttribute('href', '/detail/xrd-rid');
    expect(screen.getByText('¥120.00')).toBeInTheDocument();
  });

  it('the path form /project/{typeId}/{title}; choosing a group asks for it; empty results show an empty state', async () => {
    const fetchMock = mockApi({
      '/api/open/web/type/group': () => groupsFixture,
      '/api/open/web/device/search': (url) =>
        url.searchParams.get('groupId') === '32' ? { list: [], total: 0, page: 1, pageSize: 12 } : { list: [summaryFixture], total: 1, page: 1, pageSize: 12 },
    });
    const { router } = renderRoutes([{ path: '/project/:typeId?/:title?', Component: ProjectListPage }], `/project/1/${encodeURIComponent('送样检测')}`);
    expect(await screen.findByRole('heading', { level: 1, name: '送样检测' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '显微形貌' }));
    await waitFor(() => expect(router.state.location.search).toContain('groupId=32'));
    expect(await screen.findByText('该分类下暂无检测项目')).toBeInTheDocument();
    expect(searchCalls(fetchMock).at(-1)?.searchParams.get('groupId')).toBe('32');
  });

  it('a title naming a group (the hot special area) selects that group; 全部 goes back to the type', async () => {
    const fetchMock = mockApi({
      '/api/open/web/type/group': () => groupsFixture,
      '/api/open/web/device/search': () => ({ list: [summaryFixture], total: 1, page: 1, pageSize: 12 }),
    });
    const { router } = renderRoutes([{ path: '/project/:typeId?/:title?', Component: ProjectListPage }], `/project/1/${encodeURIComponent('显微形貌')}`);
    const groups = await screen.findByRole('group', { name: '分类' });
    await waitFor(() => expect(within(groups).getByRole('button', { name: '显微形貌' })).toHaveAttribute('aria-pressed', 'true'));
    expect(searchCalls(fetchMock).map((url) => url.searchParams.get('groupId'))).toEqual(['32']);
    expect(screen.getByRole('heading', { level: 1, name: '显微形貌' })).toBeInTheDocument();

    await userEvent.click(within(groups).getByRole('button', { name: '全部' }));
    await waitFor(() => expect(decodeURIComponent(router.state.location.pathname)).toBe('/project/1/送样检测'));
    expect(await screen.findByRole('heading', { level: 1, name: '送样检测' })).toBeInTheDocument();
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.searchParams.get('groupId')).toBeNull());
  });

  it('keyword, sort and page numbers go into the address and the search', async () => {
    const fetchMock = mockApi({
      '/api/open/web/type/group': () => groupsFixture,
      '/api/open/web/device/search': () => ({ list: [summaryFixture], total: 40, page: 1, pageSize: 12 }),
    });
    const { router } = renderRoutes([{ path: '/project/:typeId?/:title?', Component: ProjectListPage }], '/project');
    await userEvent.type(await screen.findByRole('searchbox', { name: '关键词' }), 'XRD{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('keyword=XRD'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '排序' }), '价格从低到高');
    await waitFor(() => expect(router.state.location.search).toContain('sort=priceAsc'));
    const pager = await screen.findByRole('navigation', { name: '分页' });
    expect(within(pager).getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: '上一页' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: '第 4 页' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=4'));
    const last = searchCalls(fetchMock).at(-1);
    expect([last?.searchParams.get('keyword'), last?.searchParams.get('sort'), last?.searchParams.get('page')]).toEqual(['XRD', 'priceAsc', '4']);
  });
});

describe('search page', () => {
  it('highlights the keyword in the results', async () => {
    mockApi({ '/api/open/web/device/search': () => ({ list: [summaryFixture], total: 1, page: 1, pageSize: 12 }) });
    renderRoutes([{ path: '/search', Component: SearchPage }], '/search?kw=xrd');
    const results = await screen.findByRole('region', { name: '搜索结果' });
    const marks = results.querySelectorAll('mark');
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.textContent?.toLowerCase()).toBe('xrd');
    expect(document.title).toBe('搜索“xrd” - 科研检测服务商城');
  });

  it('marks the synonyms the search matched with', async () => {
    mockApi({ '/api/open/web/device/search': () => ({ list: [{ ...summaryFixture, name: '场发射扫描电镜 SEM（形貌）' }], total: 1, page: 1, pageSize: 12, words: ['扫描电子显微镜', '扫描电镜', 'sem'], near: [] }) });
    renderRoutes([{ path: '/search', Component: SearchPage }], `/search?kw=${encodeURIComponent('扫描电子显微镜')}`);
    const results = await screen.findByRole('region', { name: '搜索结果' });
    const marks = [...results.querySelectorAll('.cat-card-name mark')].map((m) => m.textContent);
    expect(marks).toEqual(['扫描电镜', 'SEM']);
  });

  it('when nothing matched, says so, offers near techniques and 发布需求 with the words kept', async () => {
    mockApi({ '/api/open/web/device/search': () => ({ list: [], total: 0, page: 1, pageSize: 12, words: ['冷冻电镜'], near: [{ childId: 3202, groupId: 32, typeId: 1, name: '透射电镜 TEM' }] }) });
    renderRoutes([{ path: '/search', Component: SearchPage }], `/search?kw=${encodeURIComponent('冷冻电镜')}`);
    expect(await screen.findByText('没有找到与“冷冻电镜”相关的检测项目')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '透射电镜 TEM' })).toHaveAttribute('href', expect.stringContaining('childId=3202'));
    expect(screen.getByRole('link', { name: '发布需求' })).toHaveAttribute('href', `/require?q=${encodeURIComponent('冷冻电镜')}`);
  });

  it('without a keyword asks nothing and invites a search', async () => {
    const fetchMock = mockApi({});
    renderRoutes([{ path: '/search', Component: SearchPage }], '/search');
    expect(await screen.findByText('请输入关键词搜索检测项目')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('detail page', () => {
  it('shows price per unit, options, requirements, FAQ, examples, lab and related, the add-to-plan panel and a consult link', async () => {
    mockApi({ '/api/open/web/device/detail': () => detailFixture });
    renderRoutes([{ path: '/detail/:rid', Component: DetailPage }], '/detail/xrd-rid');
    expect(await screen.findByRole('heading', { level: 1, name: detailFixture.name })).toBeInTheDocument();
    expect(document.title).toBe(`${detailFixture.name} - 科研检测服务商城`);
    expect(screen.getByTestId('detail-price')).toHaveTextContent('¥120.00/样品');
    expect(screen.getByText('仪器型号：Bruker D8 Advance')).toBeInTheDocument();
    // the options are chosen in the add-to-plan panel, the first choice preselected
    expect(screen.getByText('扫描范围')).toBeInTheDocument();
    expect(screen.getByText('5°-90°')).toBeInTheDocument();
    expect(screen.getByText('3-5 个工作日')).toBeInTheDocument();
    expect(screen.getByText(detailFixture.labLocation)).toBeInTheDocument();
    expect(screen.getByText('356')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '样品要求' })).getByText(/粉末样品不少于 0.2 g/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '常见问题' })).getByText('样品需要研磨吗？')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '结果示例' })).getByAltText('TiO2 锐钛矿相衍射图谱')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '相关项目' })).getByRole('link', { name: /小角X射线散射 SAXS/ })).toHaveAttribute('href', '/detail/saxs-rid');
    expect(screen.getByRole('link', { name: /咨询此项目/ })).toHaveAttribute('href', `/contact?item=${encodeURIComponent(detailFixture.name)}`);
    expect(screen.getByRole('button', { name: /加入实验计划/ })).toBeInTheDocument();
  });

  it('shows the instrument’s current queue and when data may come for a sample sent today', async () => {
    const wait = { itemRid: detailFixture.rid, ahead: 6, minDays: 3, maxDays: 5, fromDay: '2026-03-05', toDay: '2026-03-07', basis: 'history', computedAt: '2026-03-02T02:00:00Z', promisedDays: 5, beyondPromise: false };
    mockApi({ '/api/open/web/device/detail': () => detailFixture, '/api/open/queue/waits': () => [wait] });
    renderRoutes([{ path: '/detail/:rid', Component: DetailPage }], '/detail/xrd-rid');
    expect(await screen.findByTestId('item-wait')).toHaveTextContent('当前排队6 个样品排队中，今天送样预计 3–5 个工作日出数据（约 3月5日–3月7日）');
    expect(screen.queryByText(/可能超出标明的测试周期/)).toBeNull();
  });

  it('an unknown rid shows not found', async () => {
    mockApi({});
    renderRoutes([{ path: '/detail/:rid', Component: DetailPage }], '/detail/nope');
    expect(await screen.findByText('内容不存在')).toBeInTheDocument();
  });
});
