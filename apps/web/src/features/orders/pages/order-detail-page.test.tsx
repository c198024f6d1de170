import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { detail, ready } from '../testing/fixtures';
import OrderDetailPage from './order-detail-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const testing = detail({
  progress: 'delivered',
  progressText: '已出数据',
  payment: 'paid',
  paymentText: '已支付',
  paidAt: '2026-03-05T03:00:00.000Z',
  paidFrom: { kind: 'member', name: '李同学' },
  discountFen: 50_00,
  payableFen: 630_00,
  coupon: { rid: 'cp1', name: '新用户立减 ¥50', discountFen: 50_00 },
  actions: { pay: false, cancel: false, confirmData: true, dispute: true, evaluate: false },
  events: [
    { status: 'submitted', title: '订单已提交', note: '', actor: 'member', actorName: '李同学', at: '2026-03-05T02:30:00.000Z' },
    { status: 'paid', title: '已支付', note: '个人预存款支付 ¥630.00', actor: 'member', actorName: '李同学', at: '2026-03-05T03:00:00.000Z' },
    { status: 'awaiting_sample', title: '订单已确认', note: '请按约定时间准备样品', actor: 'staff', actorName: '实验室 王工', at: '2026-03-05T05:00:00.000Z' },
    { status: 'received', title: '已收样', note: '样品完好', actor: 'staff', actorName: '实验室 王工', at: '2026-03-06T01:15:00.000Z' },
    { status: 'testing', title: '测试中', note: '', actor: 'staff', actorName: '实验室 王工', at: '2026-03-06T06:00:00.000Z' },
    { status: 'delivered', title: '已出数据', note: '报告已上传', actor: 'staff', actorName: '实验室 王工', at: '2026-03-07T16:20:00.000Z' },
  ],
  reports: [{ id: 'r1', name: 'XRD报告.pdf', size: 245_760, uploadedAt: '2026-03-07T16:19:00.000Z' }],
});

describe('order detail', () => {
  it('timeline: the lifecycle steps up to the current one with their times, and every event newest first with actor and note', async () => {
    login();
    mockApi({ '/api/auth/order/detail': { data: testing }, '/api/auth/order/listProtocolFile': { data: [] } });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001', routes: [] });
    expect(await screen.findByTestId('ord-no')).toHaveTextContent('DD202603050001');

    const progress = screen.getByRole('region', { name: '订单进度' });
    const steps = within(progress).getByTestId('ord-steps').querySelectorAll('.ant-steps-item');
    expect([...steps].map((s) => s.querySelector('.ant-steps-item-title')?.textContent)).toEqual(['待确认', '待寄样', '已收样', '测试中', '已出数据', '已完成']);
    expect(steps[4]).toHaveClass('ant-steps-item-process');
    expect(steps[3]).toHaveClass('ant-steps-item-finish');
    expect(steps[5]).toHaveClass('ant-steps-item-wait');
    // 01:15 UTC → 09:15 in Shanghai
    expect(steps[2]).toHaveTextContent('2026-03-06 09:15');
    expect(steps[4]).toHaveTextContent('2026-03-08 00:20');
    expect(steps[5]?.querySelector('.ord-step-time')).toBeNull();

    const events = within(progress).getAllByTestId('ord-event');
    expect(events).toHaveLength(6);
    expect(events[0]).toHaveTextContent('已出数据');
    expect(events[0]).toHaveTextContent('2026-03-08 00:20');
    expect(events[0]).toHaveTextContent('操作人：实验室 王工');
    expect(events[0]).toHaveTextContent('报告已上传');
    expect(events[5]).toHaveTextContent('订单已提交');
    expect(events[5]).toHaveTextContent('2026-03-05 10:30');
    expect(events[5]).toHaveTextContent('操作人：李同学');

    // the server's actions decide the buttons
    const head = screen.getByRole('region', { name: '订单概况' });
    expect(within(head).getByRole('button', { name: '确认数据' })).toBeInTheDocument();
    expect(within(head).getByRole('button', { name: '申请复测' })).toBeInTheDocument();
    expect(within(head).queryByRole('button', { name: '去支付' })).toBeNull();
    expect(within(head).queryByRole('button', { name: '取消订单' })).toBeNull();

    // lines with sample codes, delivery, payment
    const lines = screen.getAllByTestId('ord-line');
    expect(lines[0]).toHaveTextContent('扫描范围：5°-90°');
    expect(lines[0]).toHaveTextContent('¥200.00 × 2 样 = ¥400.00');
    expect(lines[0]).toHaveTextContent('DD202603050001-1-1');
    expect(lines[0]).toHaveTextContent('粉末');
    expect(lines[1]).toHaveTextContent('有磁性');
    expect(screen.getByRole('region', { name: '送样方式' })).toHaveTextContent('2026-03-06 09:00-12:00');
    const payment = screen.getByRole('region', { name: '支付信息' });
    expect(payment).toHaveTextContent('-¥50.00（新用户立减 ¥50）');
    expect(within(payment).getByTestId('ord-payable')).toHaveTextContent('¥630.00');
    expect(payment).toHaveTextContent('个人预存款');
  });

  it('an online payment refunded on cancel: how it was paid and where the money went back, in the server\'s words', async () => {
    login();
    mockApi({
      '/api/auth/order/detail': {
        data: detail({
          progress: 'cancelled',
          progressText: '已取消',
          payment: 'refunded',
          paymentText: '已退款',
          paidAt: '2026-03-05T03:00:00.000Z',
          paidFrom: { kind: 'member', name: '李同学' },
          actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false },
          events: [
            { status: 'submitted', title: '订单已提交', note: '', actor: 'member', actorName: '李同学', at: '2026-03-05T02:30:00.000Z' },
            { status: 'paid', title: '已支付', note: '支付¥680.00（微信支付¥380.00 + 个人预存款¥300.00）', actor: 'member', actorName: '李同学', at: '2026-03-05T03:00:00.000Z' },
            { status: 'cancelled', title: '订单已取消', note: '', actor: 'member', actorName: '李同学', at: '2026-03-05T05:00:00.000Z' },
            { status: 'refunded', title: '已退款', note: '退回个人预存款¥300.00；原路退回微信支付¥380.00', actor: 'member', actorName: '李同学', at: '2026-03-05T05:00:00.000Z' },
          ],
        }),
      },
      '/api/auth/order/listProtocolFile': { data: [] },
    });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001', routes: [] });
    const payment = await screen.findByRole('region', { name: '支付信息' });
    expect(within(payment).getByTestId('ord-paid-note')).toHaveTextContent('支付¥680.00（微信支付¥380.00 + 个人预存款¥300.00）');
    expect(within(payment).getByTestId('ord-refund-note')).toHaveTextContent('原路退回微信支付¥380.00');
    expect(payment).toHaveTextContent('已退款');
    expect(within(screen.getByRole('region', { name: '订单概况' })).getByTestId('payment-tag')).toHaveTextContent('已退款');
  });

  it('a cancelled order marks the step it reached', async () => {
    login();
    mockApi({
      '/api/auth/order/detail': {
        data: detail({
          progress: 'cancelled',
          progressText: '已取消',
          actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false },
          events: [
            { status: 'submitted', title: '订单已提交', note: '', actor: 'member', actorName: '李同学', at: '2026-03-05T02:30:00.000Z' },
            { status: 'awaiting_sample', title: '订单已确认', note: '', actor: 'staff', actorName: '王工', at: '2026-03-05T04:00:00.000Z' },
            { status: 'cancelled', title: '订单已取消', note: '样品未准备好', actor: 'member', actorName: '李同学', at: '2026-03-05T05:00:00.000Z' },
          ],
        }),
      },
      '/api/auth/order/listProtocolFile': { data: [] },
    });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const progress = await screen.findByRole('region', { name: '订单进度' });
    const steps = within(progress).getByTestId('ord-steps').querySelectorAll('.ant-steps-item');
    expect(steps[1]).toHaveClass('ant-steps-item-error');
    expect(steps[1]).toHaveTextContent('待寄样（已取消）');
    expect(within(progress).getAllByTestId('ord-event')[0]).toHaveTextContent('样品未准备好');
  });

  it('downloads a report with the token header', async () => {
    login();
    const { calls, fetchMock } = mockApi({ '/api/auth/order/detail': { data: testing }, '/api/auth/order/listProtocolFile': { data: [] } });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001' });
    const item = await screen.findByTestId('report-item');
    expect(item).toHaveTextContent('240 KB');
    fetchMock.mockImplementationOnce(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      calls.push({ path: url.pathname, method: 'GET', headers: { ...(init.headers as Record<string, string>) }, form: new URLSearchParams(), query: url.searchParams });
      return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''XRD%E6%8A%A5%E5%91%8A.pdf" } });
    });
    await userEvent.click(within(item).getByRole('button', { name: '下载 XRD报告.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const get = calls.find((c) => c.path === '/api/auth/order/report');
    expect(get?.query.get('order_no')).toBe('DD202603050001');
    expect(get?.query.get('id')).toBe('r1');
    expect(get?.headers.token).toBe('t');
  });

  it('?pay=1 opens the pay dialog at once', async () => {
    login();
    mockApi({ '/api/auth/order/detail': { data: detail() }, '/api/auth/order/ready2pay': { data: ready() }, '/api/auth/order/listProtocolFile': { data: [] } });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD202603050001?pay=1' });
    const dialog = await screen.findByRole('dialog', { name: '支付订单' });
    expect(await within(dialog).findByTestId('pay-amount')).toHaveTextContent('¥630.00');
  });

  it('another member\'s order number shows 订单不存在', async () => {
    login();
    mockApi({ '/api/auth/order/detail': { code: 0, status: 404, msg: '订单不存在' } });
    renderApp(<OrderDetailPage />, { path: '/member/order/DD999' });
    expect(await screen.findByText('请检查订单编号，或在我的订单中查看。')).toBeInTheDocument();
  });
});
