import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackStatus } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { ReimbursementPanel } from './reimbursement-panel';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const templates = [
  { key: 'default' as const, name: '高校报销（通用）' },
  { key: 'voucher' as const, name: '创新券兑付' },
];
const base = { templates, orders: [{ orderNo: 'KY1', title: 'XRD', amountFen: 16_000 }], totalFen: 16_000 };
const ready: PackStatus = {
  ...base,
  template: 'default',
  templateName: '高校报销（通用）',
  templateRule: '依中山大学财务处报销要求……',
  pieces: [
    { kind: 'cover', label: '报销材料封面', orderNo: null, name: '00-报销材料封面.pdf', present: true, required: true, note: '' },
    { kind: 'invoice', label: '发票', orderNo: null, name: '01-发票-2631.pdf', present: true, required: true, note: '' },
    { kind: 'agreement', label: '委托检测服务协议（已签署）', orderNo: 'KY1', name: '', present: false, required: false, note: '该订单尚未签署' },
  ],
  missing: [],
  ready: true,
};
const voucher: PackStatus = {
  ...base,
  template: 'voucher',
  templateName: '创新券兑付',
  templateRule: '创新券兑付：……',
  pieces: [{ kind: 'agreement', label: '委托检测服务协议（已签署）', orderNo: 'KY1', name: '', present: false, required: true, note: '创新券兑付须附已签署的委托检测服务协议（合同），该订单尚未签署' }],
  missing: ['订单 KY1：创新券兑付须附已签署的委托检测服务协议（合同），该订单尚未签署'],
  ready: false,
};

describe('the 报销材料 panel', () => {
  it('lists each piece, and on another template shows every missing reason and holds the download', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/reimbursement/status': (call) => ({ data: call.form.get('template') === 'voucher' ? voucher : ready }) });
    renderApp(<ReimbursementPanel scope={{ order_no: 'KY1' }} />, { path: '/member/order/KY1', routes: [] });
    const pieces = await screen.findAllByTestId('pack-piece');
    expect(pieces).toHaveLength(3);
    expect(pieces[1]).toHaveTextContent('01-发票-2631.pdf');
    expect(pieces[2]).toHaveTextContent('非必需');
    expect(screen.getByRole('button', { name: /下载报销材料/ })).toBeEnabled();
    expect(calls[0]!.form.get('order_no')).toBe('KY1');

    await userEvent.click(screen.getByText('创新券兑付'));
    const missing = await screen.findByTestId('pack-missing');
    expect(within(missing).getAllByRole('listitem').map((li) => li.textContent)).toEqual(voucher.missing);
    await waitFor(() => expect(screen.getByRole('button', { name: /下载报销材料/ })).toBeDisabled());
  });
});
