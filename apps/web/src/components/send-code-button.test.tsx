import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { sendCodeBody, SmsPurpose } from '@lab/contract';
import { accounts } from '../features/accounts/api/accounts';
import { renderApp } from '../testing/render';
import { mockApi } from '../testing/fetch-mock';
import { SendCodeButton } from './send-code-button';

// as the register form uses it: the phone field of an antd Form, the member's send call
function Harness({ phone }: { phone: string }) {
  return (
    <Form initialValues={{ phone }}>
      <Form.Item name="phone">
        <Input aria-label="手机号" />
      </Form.Item>
      <SendCodeButton field="phone" phone={sendCodeBody.shape.phone} cooldownKey="sms:register" send={(number) => accounts.sendCode({ phone: number, useFor: SmsPurpose.register })} />
    </Form>
  );
}

const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));

describe('send-code button', () => {
  afterEach(() => vi.useRealTimers());

  it('an empty phone shows the spec message under the phone and sends nothing', async () => {
    const { calls } = mockApi({});
    renderApp(<Harness phone="" />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('[手机号]不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends, says 验证码已发送!, then counts down 60 s and resets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { calls } = mockApi({ '/api/open/code4sms': { msg: '验证码已发送!' } });
    renderApp(<Harness phone="13900001111" />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await flush();
    await flush();
    expect(calls[0]?.path).toBe('/api/open/code4sms');
    expect(Object.fromEntries(calls[0]!.form)).toEqual({ phone: '13900001111', useFor: '0' });
    expect(screen.getByText('验证码已发送!')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: '60秒后重发' });
    expect(button).toBeDisabled();

    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: '59秒后重发' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByRole('button', { name: '30秒后重发' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('a refused send shows the server msg and does not start the countdown', async () => {
    mockApi({ '/api/open/code4sms': { code: 0, status: 429, msg: '验证码发送过于频繁，请60秒后再试' } });
    renderApp(<Harness phone="13900001111" />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('验证码发送过于频繁，请60秒后再试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});
