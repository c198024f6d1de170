import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import MemberCenterPage from './member-center-page';

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
