import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { detail } from '../testing/fixtures';
import OrderDetailPage from '../pages/order-detail-page';
import type { OrderDetail, TestRecord } from '@lab/contract';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const records: TestRecord[] = [
  {
    lineId: 'l1',
    name: 'X射线衍射（XRD）',
    samples: [
      { code: 'DD202603050001-1-1', name: '二氧化钛粉末', status: '测试中' },
      { code: 'DD202603050001-1-2', name: '氧化锌薄膜', status: '测试中' },
    ],
    events: [],
  },
  { lineId: 'l2', name: '扫描电镜（SEM）', samples: [{ code: 'DD202603050001-2-1', name: '铁氧体', status: '测试中' }], events: [] },
];

function setup(order: OrderDetail, testRecord: TestRecord[] = records) {
  login();
  return mockApi({
    '/api/auth/order/detail': { data: order },
    '/api/auth/order/listProtocolFile': { data: [] },
    '/api/auth/order/testRecord': { data: testRecord },
  });
}

const testingOrder = detail({ progress: 'testing', progressText: '测试中', payment: 'paid', paymentText: '已支付', actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false } });

describe('order detail: 样品进度', () => {
  it('lists per line its samples with code, name and status from order/testRecord', async () => {
    const { calls } = setup(testingOrder);
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const block = await screen.findByRole('region', { name: '样品进度' });
    const lines = await within(block).findAllByTestId('sample-progress-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByRole('heading', { name: 'X射线衍射（XRD）' })).toBeInTheDocument();
    const samples = within(lines[0]!).getAllByRole('listitem');
    expect(samples).toHaveLength(2);
    expect(samples[0]).toHaveTextContent('DD202603050001-1-1');
    expect(samples[0]).toHaveTextContent('二氧化钛粉末');
    expect(samples[0]).toHaveTextContent('测试中');
    expect(samples[1]).toHaveTextContent('氧化锌薄膜');
    expect(within(lines[1]!).getByRole('listitem')).toHaveTextContent('DD202603050001-2-1铁氧体测试中');
    const call = calls.find((c) => c.path === '/api/auth/order/testRecord')!;
    expect(Object.fromEntries(call.form)).toEqual({ order_no: 'DD202603050001' });
  });

  it('shows the server status text as it is (e.g. a re-test)', async () => {
    setup(testingOrder, [{ ...records[1]!, samples: [{ code: 'DD202603050001-2-1', name: '铁氧体', status: '复测中' }] }]);
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const block = await screen.findByRole('region', { name: '样品进度' });
    expect(await within(block).findByText('复测中')).toBeInTheDocument();
    expect(within(block).getAllByTestId('sample-progress-line')).toHaveLength(1);
  });

  it('is not shown for a cancelled order, nor for an order without samples, and is not even asked for', async () => {
    const { calls } = setup(detail({ progress: 'cancelled', progressText: '已取消', actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false } }));
    const first = renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    expect(await screen.findByRole('region', { name: '检测项目' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '样品进度' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/auth/order/testRecord')).toBe(false);
    first.unmount();

    const reservation = detail({ kind: 'reservation', sampleCount: 0, lines: detail().lines.map((l) => ({ ...l, samples: [] })) });
    const second = setup(reservation, []);
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    expect(await screen.findByRole('region', { name: '检测项目' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '样品进度' })).toBeNull();
    expect(second.calls.some((c) => c.path === '/api/auth/order/testRecord')).toBe(false);
  });

  it('a failure to load says so inside the block', async () => {
    login();
    mockApi({
      '/api/auth/order/detail': { data: testingOrder },
      '/api/auth/order/listProtocolFile': { data: [] },
      '/api/auth/order/testRecord': { code: 0, msg: '服务器繁忙，请稍后再试', status: 500 },
    });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const block = await screen.findByRole('region', { name: '样品进度' });
    expect(await within(block).findByText('样品进度加载失败')).toBeInTheDocument();
    expect(within(block).getByText('服务器繁忙，请稍后再试')).toBeInTheDocument();
  });

  it("shows each sample's step and when its state changed, from the order's detail", async () => {
    const base = detail({ progress: 'testing', progressText: '测试中', payment: 'paid', paymentText: '已支付', actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false } });
    const lines = base.lines.map((line, i) =>
      i === 0
        ? { ...line, samples: [{ ...line.samples[0]!, state: 'processing' as const, stateText: '数据处理', stateAt: '2026-03-05T06:30:00Z' }, { ...line.samples[1]!, state: 'queued' as const, stateText: '排队中', stateAt: null, estimate: { ahead: 3, minDays: 4, maxDays: 7, fromDay: '2026-03-09', toDay: '2026-03-12', basis: 'default' as const, computedAt: '2026-03-05T06:40:00Z' } }] }
        : line,
    );
    setup({ ...base, lines }, [
      { ...records[0]!, samples: [{ ...records[0]!.samples[0]!, status: '数据处理' }, { ...records[0]!.samples[1]!, status: '排队中' }] },
    ]);
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const block = await screen.findByRole('region', { name: '样品进度' });
    const [line] = await within(block).findAllByTestId('sample-progress-line');
    const [first, second] = within(line!).getAllByRole('listitem');
    expect(first).toHaveTextContent('数据处理');
    expect(first).toHaveTextContent('第 5/6 步 · 2026-03-05 14:30 更新');
    expect(second).toHaveTextContent('排队中');
    expect(within(second!).getByTestId('sample-estimate')).toHaveTextContent('前面还有 3 个样品预计 4–7 个工作日出数据（约 3月9日–3月12日）按实验室标准周期估算 · 2026-03-05 14:40 计算');
    expect(second).toHaveTextContent('第 3/6 步');
    expect(within(first!).queryByTestId('sample-estimate')).toBeNull();
  });
});
