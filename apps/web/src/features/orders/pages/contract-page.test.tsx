import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Contract } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import ContractPage from './contract-page';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const agreement = (orderNo: string, status: Contract['status'], statusText: string, hasSigned = false): Contract => ({
  rid: `rid-${orderNo}`,
  title: `委托检测服务协议（${orderNo}）`,
  kind: 'agreement',
  orderNo,
  status,
  statusText,
  hasSigned,
  createdAt: '2026-11-20T02:00:00Z',
});

describe('ContractPage (/experiment/contract)', () => {
  it('offers an upload for agreements still to sign only; an ended order’s agreement says 无需签署', async () => {
    login();
    const list = [agreement('DD001', 'to_sign', '待签署'), agreement('DD002', 'closed', '无需签署'), agreement('DD003', 'signed', '已上传，待确认', true), agreement('DD004', 'confirmed', '已生效', true)];
    const { calls } = mockApi({ '/api/auth/contract/list': { data: { list, total: list.length, page: 1, pageSize: 10 } } });
    renderApp(<ContractPage />);
    const items = await screen.findAllByTestId('contract-item');
    expect(items).toHaveLength(4);
    const [toSign, closed, signed, confirmed] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(toSign).getByRole('button', { name: /上传签署件/ })).toBeInTheDocument();
    expect(within(signed).getByRole('button', { name: /重新上传/ })).toBeInTheDocument();
    expect(within(closed).getByText('无需签署')).toBeInTheDocument();
    expect(within(closed).getByText('订单已结束，该协议无需再签署。')).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: /上传/ })).toBeNull();
    expect(within(confirmed).queryByRole('button', { name: /上传/ })).toBeNull();
    // the status tabs, 无需签署 among them, filter on the server
    expect(screen.getByRole('tab', { name: '无需签署' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/contract/list')?.form.get('status')).toBeNull();
  }, 40_000);
});
