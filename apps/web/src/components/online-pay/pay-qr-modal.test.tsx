import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';
import { mockApi } from '../../testing/fetch-mock';
import { saveSession } from '../../lib/session';
import { PayQrModal } from './pay-qr-modal';
import { onlinePayment } from './testing';

const login = () => saveSession({ token: 't', refreshToken: 'r', expires: Math.floor(Date.now() / 1000) + 7200 });

describe('QR pay dialog', () => {
  it('shows the amount, the QR of the code URL and the time left, asks the server until it says paid, then tells once', async () => {
    login();
    let reads = 0;
    const { calls } = mockApi({
      '/api/auth/onlinePay/status': () => {
        reads += 1;
        return { data: onlinePayment({ paymentNo: 'OPQR1', state: reads >= 3 ? 'paid' : 'open', paidAt: reads >= 3 ? '2026-03-05T02:31:00.000Z' : null }) };
      },
    });
    const paid: string[] = [];
    renderApp(
      <PayQrModal
        payment={onlinePayment({ paymentNo: 'OPQR1', balanceFen: 50_00 })}
        codeUrl="http://localhost:3000/pay/gateway/OPQR1"
        onPaid={(p) => paid.push(p.state)}
        onClose={() => undefined}
        pollMs={20}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: '微信扫码支付' });
    expect(within(dialog).getByTestId('pay-qr-amount')).toHaveTextContent('¥630.00');
    expect(within(dialog).getByText('另由预存款余额抵扣 ¥50.00')).toBeInTheDocument();
    expect(dialog.querySelector('.qr-image')).toHaveAttribute('data-value', 'http://localhost:3000/pay/gateway/OPQR1');
    expect(within(dialog).getByTestId('pay-qr-timer')).toHaveTextContent(/二维码有效时间 1[45]:\d\d/);
    // the local gateway's page can be opened without a phone
    expect(within(dialog).getByRole('link', { name: '在新窗口打开支付页' })).toHaveAttribute('href', 'http://localhost:3000/pay/gateway/OPQR1');
    expect(within(dialog).getByRole('status')).toHaveTextContent('等待支付');

    await waitFor(() => expect(paid).toEqual(['paid']));
    expect(within(dialog).getByRole('status')).toHaveTextContent('支付成功');
    expect(calls.filter((c) => c.path === '/api/auth/onlinePay/status').length).toBeGreaterThanOrEqual(3);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ payment_no: 'OPQR1' });
    // told once, and the dialog no longer offers to check again
    expect(paid).toEqual(['paid']);
    expect(within(dialog).queryByRole('button', { name: '我已完成支付' })).toBeNull();
  });

  it('a closed payment says so and offers another way', async () => {
    login();
    mockApi({ '/api/auth/onlinePay/status': { data: onlinePayment({ paymentNo: 'OPQR2', state: 'closed' }) } });
    let closed = 0;
    renderApp(<PayQrModal payment={onlinePayment({ paymentNo: 'OPQR2' })} codeUrl="weixin://wxpay/bizpayurl?pr=abc" onPaid={() => undefined} onClose={() => (closed += 1)} pollMs={20} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('支付已关闭，请重新发起支付'));
    // a real WeChat code is only scanned, never opened as a page
    expect(within(dialog).queryByRole('link', { name: '在新窗口打开支付页' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '重新选择支付方式' }));
    expect(closed).toBe(1);
  });

  it('past its time an open payment shows 二维码已过期', async () => {
    login();
    mockApi({ '/api/auth/onlinePay/status': { data: onlinePayment({ paymentNo: 'OPQR3', expiresAt: new Date(Date.now() - 1000).toISOString() }) } });
    renderApp(<PayQrModal payment={onlinePayment({ paymentNo: 'OPQR3', expiresAt: new Date(Date.now() - 1000).toISOString() })} codeUrl="weixin://x" onPaid={() => undefined} onClose={() => undefined} pollMs={20} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('二维码已过期');
    expect(within(dialog).queryByTestId('pay-qr-timer')).toBeNull();
  });
});
