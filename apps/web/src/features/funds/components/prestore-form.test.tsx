import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrestoreApplication, PrestoreReady } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { saveSession } from '../../../lib/session';
import { PrestoreForm } from './prestore-form';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

const ready: PrestoreReady = {
  rules: [
    { id: 1, thresholdFen: 10_000_00, bonusRateBp: 300, bonusFen: 0, text: '满 ¥10,000.00 赠 3%' },
    { id: 2, thresholdFen: 50_000_00, bonusRateBp: 500, bonusFen: 0, text: '满 ¥50,000.00 赠 5%' },
  ],
  bank: { accountName: '上海科研检测技术服务有限公司', bankName: '招商银行上海徐汇支行', accountNo: '1219 0876 5410 201' },
  minAmountFen: 100_00,
  transferApprovalFen: 5_000_00,
  amountFen: null,
  bonusFen: null,
};

const created: PrestoreApplication = {
  rid: 'p1',
  applyNo: 'YC20260301123456',
  amountFen: 10_000_00,
  bonusFen: 300_00,
  status: 'pending',
  statusText: '待确认到账',
  payer: '',
  remark: '',
  community: null,
  hasReceipt: false,
  refuseReason: null,
  invoiceable: false,
  createdAt: '2026-03-01T02:00:00.000Z',
  confirmedAt: null,
};

const amountInput = () => screen.getByLabelText('预存金额（元）');
const type = (value: string) => fireEvent.change(amountInput(), { target: { value } });

describe('prestore form', () => {
  it('shows the contract messages under the amount on submit, and the bonus for the typed amount', async () => {
    login();
    const { calls } = mockApi({});
    renderApp(<PrestoreForm ready={ready} communities={[]} />);
    expect(await screen.findByText('输入金额后显示赠送金额（满 ¥10,000.00 赠 3%）')).toBeInTheDocument();
    const submit = () => userEvent.click(screen.getByRole('button', { name: '提交预存申请' }));
    for (const [text, message] of [
      ['0', '[预存金额]必须大于0'],
      ['1.005', '[预存金额]最多保留两位小数'],
      ['5O0', '[预存金额]格式不正确'],
      ['50', '[预存金额]不能少于100元'],
    ] as const) {
      type(text);
      await submit();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(amountInput()).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(calls.some((c) => c.path === '/api/auth/prestoreApply/add')).toBe(false);
    type('8000');
    expect(await screen.findByTestId('bonus-preview')).toHaveTextContent('再预存 ¥2,000.00 可享「满 ¥10,000.00 赠 3%」');
    type('12000.50');
    await waitFor(() => expect(screen.getByTestId('bonus-preview')).toHaveTextContent('预计赠送 ¥360.01，到账合计 ¥12,360.51'));
    // the lab's account for 对公转账
    expect(screen.getByText('招商银行上海徐汇支行')).toBeInTheDocument();
    expect(screen.getByText('1219 0876 5410 201')).toBeInTheDocument();
  });

  it('an empty amount is not sent: [预存金额]不能为空', async () => {
    login();
    const { calls } = mockApi({});
    renderApp(<PrestoreForm ready={ready} communities={[]} />);
    await userEvent.click(await screen.findByRole('button', { name: '提交预存申请' }));
    expect(await screen.findByText('[预存金额]不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/prestoreApply/add')).toBe(false);
  });

  it('sends the yuan text as typed and shows the number to write on the transfer', async () => {
    login();
    const { calls } = mockApi({ '/api/auth/prestoreApply/add': { data: created, msg: '预存申请已提交，请按页面所示账户转账' } });
    renderApp(<PrestoreForm ready={ready} communities={[{ rid: 'c1', name: '纳米材料课题组', balanceFen: 0 }]} />);
    type('10000');
    await userEvent.click(screen.getByRole('button', { name: '提交预存申请' }));
    expect(await screen.findByText(/预存申请 YC20260301123456 已提交，金额 ¥10,000.00，到账后赠送 ¥300.00/)).toBeInTheDocument();
    const add = calls.find((c) => c.path === '/api/auth/prestoreApply/add');
    expect(add?.form.get('amount')).toBe('10000');
    expect(add?.form.get('community_rid')).toBeNull();
    expect(add?.headers.token).toBe('t');
  });
});
