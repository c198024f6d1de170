import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import MemberCenterPage from './member-center-page';
import { summary } from '../../orders/testing/fixtures';

const account = { rid: 'r', phone: '13800138000', nickname: '张同学', name: '张明', email: 'zm@example.edu.cn', organization: 0, company: '华东理工大学', inviteCode: 'DEMO2026', hasPassword: true, createdAt: '2026-03-01T16:30:00Z' };

describe('member center', () => {
  it('shows who I am (phone masked), my invite code, and the basic-info warning without an address', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    mockApi({ '/api/auth/user/info': { data: { account, addressList: [], cartNum: 0 } } });
    renderApp(<MemberCenterPage />, { path: '/member/center' });
    expect(await screen.findByRole('heading', { name: '张明' })).toBeInTheDocument();
    expect(screen.getByText('138****8000')).toBeInTheDocument();
    expect(screen.queryByText('13800138000')).toBeNull();
    expect(screen.getByText('学生')).toBeInTheDocument();
    expect(screen.getByText('华东理工大学')).toBeInTheDocument();
    expect(screen.getByText('2026-03-02')).toBeInTheDocument();
    expect(screen.getByTestId('invite-code')).toHaveTextContent('DEMO2026');
    expect(screen.getByText(/\/invited\/DEMO2026$/)).toBeInTheDocument();
    expect(screen.getByText('未完善基本信息将无法正常下单')).toBeInTheDocument();
    // balances come with the funds module: no made-up numbers
    expect(screen.queryByText(/¥/)).toBeNull();
  });

  it('no warning once an address is on file', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    mockApi({ '/api/auth/user/info': { data: { account, addressList: [{ rid: 'a' }], cartNum: 0 } } });
    renderApp(<MemberCenterPage />, { path: '/member/center' });
    expect(await screen.findByRole('heading', { name: '张明' })).toBeInTheDocument();
    expect(screen.queryByText('未完善基本信息将无法正常下单')).toBeNull();
  });
});

describe('member center figures', () => {
  it('shows the counts of web/home/data, each leading to its page', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    mockApi({
      '/api/auth/user/info': { data: { account, addressList: [{ rid: 'a' }], cartNum: 2 } },
      '/api/auth/web/home/data': {
        data: { basicInfoComplete: true, addressNum: 3, samplingPending: 1, recyclePending: 0, communityNum: 2, communityApplications: 4, cartNum: 2 },
      },
    });
    renderApp(<MemberCenterPage />, { path: '/member/center' });
    await waitFor(() => expect(screen.getByTestId('figure-收货地址')).toHaveTextContent('3'));
    expect(screen.getByTestId('figure-待上门取样')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-待审核申请')).toHaveTextContent('4');
    expect(screen.getByTestId('figure-科研团体').closest('a')).toHaveAttribute('href', '/member/communityJn');
  });
});

describe('member center: where my orders stand', () => {
  it('leads with the order-status strip (报告待下载 first), each count a link to its list, and my latest orders with their next step', async () => {
    saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });
    const { calls } = mockApi({
      '/api/auth/user/info': { data: { account, addressList: [{ rid: 'a' }], cartNum: 0 } },
      '/api/auth/web/home/data': {
        data: { basicInfoComplete: true, addressNum: 1, samplingPending: 0, recyclePending: 0, communityNum: 0, communityApplications: 0, cartNum: 0, orders: { reportReady: 2, unpaid: 1, awaitingSample: 0, testing: 3 } },
      },
      '/api/auth/order/list4person': {
        data: {
          list: [
            summary({ orderNo: 'KY1', title: 'XRD 物相分析', progress: 'delivered', progressText: '已出数据', payment: 'paid', actions: { pay: false, cancel: false, confirmData: true, dispute: true, evaluate: false } }),
            summary({ orderNo: 'KY2', title: 'SEM 形貌', payableFen: 1780_00 }),
            summary({ orderNo: 'KY3', title: 'BET 比表面积', progress: 'testing', progressText: '测试中', payment: 'paid', actions: { pay: false, cancel: false, confirmData: false, dispute: false, evaluate: false } }),
          ],
          total: 3,
          page: 1,
          pageSize: 3,
        },
      },
    });
    renderApp(<MemberCenterPage />, { path: '/member/center' });
    const strip = await screen.findByRole('navigation', { name: '订单状态' });
    await waitFor(() => expect(screen.getByTestId('order-state-报告待下载')).toHaveTextContent('2'));
    const states = within(strip).getAllByRole('link');
    expect(states.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['2 报告待下载', '/member/order?tab=delivered'],
      ['1 待支付', '/member/unpaid'],
      ['0 待寄样', '/member/order?tab=awaiting_sample'],
      ['3 测试中', '/member/order?tab=testing'],
    ]);
    // the strip comes before who I am
    const section = screen.getByRole('region', { name: '我的订单' });
    expect(section.compareDocumentPosition(screen.getByRole('region', { name: '我的资料' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const recent = await screen.findByRole('list', { name: '最近订单' });
    const rows = within(recent).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: '下载报告并确认数据' })).toHaveAttribute('href', '/member/order/KY1');
    expect(within(rows[1]!).getByRole('link', { name: '去支付' })).toHaveAttribute('href', '/member/order/KY2?pay=1');
    expect(rows[1]).toHaveTextContent('¥1,780.00');
    expect(rows[2]).toHaveTextContent('测试中，出数据后将通知您');
    const list = calls.find((c) => c.path === '/api/auth/order/list4person')!;
    expect(Object.fromEntries(list.form)).toMatchObject({ tab: 'all', page: '1', pageSize: '3' });
  });
});
