import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WxTicketStatus } from '@lab/contract';
import { renderApp } from '../../../testing/render';
import { mockApi } from '../../../testing/fetch-mock';
import { QrLogin } from './qr-login';

const tick = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

function setup(expireSeconds = 120) {
  let status: WxTicketStatus = 'waiting';
  let tickets = 0;
  const api = mockApi({
    '/api/open/wx/ticket': () => {
      tickets += 1;
      return { data: { expire_seconds: expireSeconds, ticket: `t${tickets}`, qr_code_url: 'data:image/svg+xml;base64,PHN2Zy8+', confirm_url: 'http://x/wx/confirm' } };
    },
    '/api/open/wx/qrCodeLogin': () =>
      status === 'confirmed' ? { data: { status, login: { token: 'qr', refreshToken: 'qr-r', expires: 9_999_999_999 } } } : { data: { status } },
    '/api/open/wx/bind': { data: { token: 'wx', refreshToken: 'wx-r', expires: 9_999_999_999 } },
  });
  const polls = () => api.calls.filter((call) => call.path === '/api/open/wx/qrCodeLogin');
  return { ...api, polls, setStatus: (next: WxTicketStatus) => (status = next), ticketCount: () => tickets };
}

describe('QR login', () => {
  it('polls every second; scanned shows 扫描成功 with a rescan button; confirmed logs in', async () => {
    vi.useFakeTimers();
    const api = setup();
    const onLogin = vi.fn(async () => undefined);
    renderApp(<QrLogin onLogin={onLogin} />);
    await tick(0);
    expect(screen.getByAltText('扫码登录二维码')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    await tick(1000);
    await tick(1000);
    expect(api.polls()).toHaveLength(2);
    expect(Object.fromEntries(api.polls()[0]!.form)).toEqual({ ticket: 't1' });
    api.setStatus('scanned');
    await tick(1000);
    expect(screen.getByText('扫描成功')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新扫码' })).toBeInTheDocument();
    api.setStatus('confirmed');
    await tick(1000);
    expect(onLogin).toHaveBeenCalledWith({ token: 'qr', refreshToken: 'qr-r', expires: 9_999_999_999 });
    const count = api.polls().length;
    await tick(3000);
    expect(api.polls()).toHaveLength(count);
  });

  it('after expire_seconds shows 二维码已过期，点击刷新; a click gets a new ticket', async () => {
    vi.useFakeTimers();
    const api = setup(3);
    renderApp(<QrLogin onLogin={vi.fn()} />);
    await tick(0);
    await tick(4000);
    const cover = screen.getByRole('button', { name: /二维码已过期，点击刷新/ });
    const polled = api.polls().length;
    await tick(3000);
    expect(api.polls()).toHaveLength(polled);
    fireEvent.click(cover);
    await tick(0);
    expect(api.ticketCount()).toBe(2);
    expect(screen.queryByText('二维码已过期，点击刷新')).toBeNull();
  });

  it('the rescan button gets a new ticket', async () => {
    vi.useFakeTimers();
    const api = setup();
    api.setStatus('scanned');
    renderApp(<QrLogin onLogin={vi.fn()} />);
    await tick(0);
    await tick(1000);
    fireEvent.click(screen.getByRole('button', { name: '重新扫码' }));
    await tick(0);
    expect(api.ticketCount()).toBe(2);
  });

  it('stops polling when closed', async () => {
    vi.useFakeTimers();
    const api = setup();
    const { unmount } = renderApp(<QrLogin onLogin={vi.fn()} />);
    await tick(0);
    await tick(2000);
    unmount();
    const count = api.polls().length;
    await tick(5000);
    expect(api.polls()).toHaveLength(count);
  });

  it('a first scan in WeChat (bind) stops polling and asks for the phone once; binding logs in', async () => {
    vi.useFakeTimers();
    const api = setup();
    api.setStatus('bind');
    const onLogin = vi.fn(async () => undefined);
    renderApp(<QrLogin onLogin={onLogin} />);
    await tick(0);
    await tick(1000);
    expect(screen.getByText('首次使用请绑定手机号')).toBeInTheDocument();
    const polled = api.polls().length;
    await tick(3000);
    expect(api.polls()).toHaveLength(polled);
    vi.useRealTimers();
    const form = document.querySelector<HTMLFormElement>('form')!;
    await userEvent.type(form.querySelector<HTMLInputElement>('input[name="phone"]')!, '13900002222');
    await userEvent.type(form.querySelector<HTMLInputElement>('input[name="code"]')!, '123456');
    await userEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    fireEvent.submit(form);
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith({ token: 'wx', refreshToken: 'wx-r', expires: 9_999_999_999 }));
    const call = api.calls.find((c) => c.path === '/api/open/wx/bind')!;
    expect(Object.fromEntries(call.form)).toMatchObject({ ticket: 't1', phone: '13900002222', code: '123456' });
  });
});
