import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DocumentVerifyView } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import VerifyPage, { copyProblem } from './verify-page';
import { noticeAvailable } from '../components/order-papers-section';

const view = (over: Partial<DocumentVerifyView> = {}): DocumentVerifyView => ({
  no: 'QD20261207123456',
  kind: 'statement',
  kindText: '测试明细清单',
  title: '测试明细清单（订单 KY2026120712345678）',
  issuer: '上海科研检测技术服务有限公司',
  client: '同济大学 李**',
  orderNo: 'KY2026120712345678',
  amountFen: 16_000,
  issuedAt: '2026-12-07T02:00:00Z',
  expiresAt: null,
  status: 'valid',
  statusText: '有效',
  statusNote: '',
  sha256: 'a'.repeat(64),
  contentSha256: 'b'.repeat(64),
  demo: false,
  ...over,
});

const routes = [{ path: '/verify/:no?', element: <VerifyPage /> }];

describe('VerifyPage (/verify/<no>)', () => {
  it('shows what the register says: kind, status, amount in figures and 大写, the hashes', async () => {
    const { calls } = mockApi({ '/api/open/document/verify': { data: view() } });
    renderApp(<VerifyPage />, { path: '/verify/QD20261207123456', routes });
    expect(await screen.findByTestId('verify-status')).toHaveTextContent('有效');
    expect(screen.getByText('¥160.00（壹佰陆拾元整）')).toBeInTheDocument();
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('同济大学 李**')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上传文件核对是否为原件/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/open/document/verify')?.query.get('no')).toBe('QD20261207123456');
  }, 40_000);

  it('a superseded demo document says so; an unknown number shows the server’s message', async () => {
    mockApi({ '/api/open/document/verify': { data: view({ status: 'superseded', statusText: '已被新版本替代', statusNote: '已由新版本 QD20261208000001 替代，请以新版本为准', demo: true }) } });
    const first = renderApp(<VerifyPage />, { path: '/verify/QD20261207123456', routes });
    expect(await screen.findByTestId('verify-status')).toHaveTextContent('已被新版本替代');
    expect(screen.getByText('已由新版本 QD20261208000001 替代，请以新版本为准')).toBeInTheDocument();
    expect(screen.getByText(/测试签章：本文件由演示证书签署/)).toBeInTheDocument();
    first.unmount();
    mockApi({ '/api/open/document/verify': { code: 0, status: 404, msg: '文件编号不存在' } });
    renderApp(<VerifyPage />, { path: '/verify/QD20261207000000', routes });
    expect(await screen.findByText('未找到该文件')).toBeInTheDocument();
    expect(screen.getByText('文件编号不存在')).toBeInTheDocument();
  }, 40_000);

  it('checks a chosen copy before sending it: PDF only, not empty, at most 20 MB', () => {
    expect(copyProblem({ name: 'scan.png', size: 100 })).toBe('请选择 PDF 文件');
    expect(copyProblem({ name: 'a.pdf', size: 0 })).toBe('文件是空的，请重新选择');
    expect(copyProblem({ name: 'a.PDF', size: 21 * 1024 * 1024 })).toBe('文件不能超过 20 MB');
    expect(copyProblem({ name: 'a.pdf', size: 1000 })).toBeNull();
  });

  it('offers the 缴费通知书 for an unpaid pay-after-test order only', () => {
    expect(noticeAvailable({ payLater: true, payment: 'unsettled', progress: 'testing' })).toBe(true);
    expect(noticeAvailable({ payLater: true, payment: 'paid', progress: 'testing' })).toBe(false);
    expect(noticeAvailable({ payLater: false, payment: 'unpaid', progress: 'submitted' })).toBe(false);
    expect(noticeAvailable({ payLater: true, payment: 'unpaid', progress: 'cancelled' })).toBe(false);
  });
});
