import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import type { LoginResult, WxTicket } from '@lab/contract';
import { wxLogin } from '../api/wx-login';
import { WxBindForm } from './wx-bind-form';

type QrState = 'loading' | 'waiting' | 'scanned' | 'bind' | 'expired' | 'failed';

/** Spec §7 / §9: poll every second, each poll with a 1 s timeout and no error feedback. */
export const QR_POLL_MS = 1000;

/**
 * 微信扫码登录: a ticket's QR code, polled until the login is confirmed — on this site's confirm
 * page on a phone (the local stand-in), or by the scan itself in WeChat (the official account).
 * A WeChat scanned for the first time (status bind) is bound here with the phone and an SMS
 * code, once. Unmounting (tab or panel closed) stops the polling.
 */
export function QrLogin({ onLogin }: { onLogin: (login: LoginResult) => Promise<void> }) {
  const [ticket, setTicket] = useState<WxTicket | null>(null);
  const [state, setState] = useState<QrState>('loading');
  const [round, setRound] = useState(0);
  const onLoginRef = useRef(onLogin);
  useEffect(() => {
    onLoginRef.current = onLogin;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    setState('loading');
    setTicket(null);

    const run = async () => {
      let current: WxTicket;
      try {
        current = await wxLogin.ticket({ signal: controller.signal, skipAuth: true });
      } catch {
        if (!stopped) setState('failed');
        return;
      }
      if (stopped) return;
      setTicket(current);
      setState('waiting');
      const expiresAt = Date.now() + current.expire_seconds * 1000;

      const poll = async () => {
        if (stopped) return;
        if (Date.now() >= expiresAt) {
          setState('expired');
          return;
        }
        try {
          const result = await wxLogin.poll({ ticket: current.ticket }, { timeoutMs: QR_POLL_MS, skipAuth: true, signal: controller.signal });
          if (stopped) return;
          if (result.status === 'confirmed' && result.login) {
            stopped = true;
            await onLoginRef.current(result.login);
            return;
          }
          if (result.status === 'expired' || result.status === 'confirmed') {
            setState('expired');
            return;
          }
          setState(result.status);
          // the phone and code are asked now; the bind call itself says when the ticket ran out
          if (result.status === 'bind') return;
        } catch {
          // no error feedback on the poll (spec); the next one tries again
        }
        if (!stopped) timer = setTimeout(() => void poll(), QR_POLL_MS);
      };
      timer = setTimeout(() => void poll(), QR_POLL_MS);
    };
    void run();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller.abort();
    };
  }, [round]);

  const refresh = () => setRound((value) => value + 1);

  return (
    <div className="qr-login">
      <div className="qr-frame" data-state={state}>
        {ticket ? <img src={ticket.qr_code_url} alt="扫码登录二维码" width={188} height={188} /> : null}
        {state === 'loading' ? (
          <div className="qr-cover qr-cover-light">
            <Spin />
          </div>
        ) : null}
        {state === 'expired' || state === 'failed' ? (
          <button type="button" className="qr-cover" onClick={refresh}>
            <ReloadOutlined className="qr-cover-icon" />
            <span>{state === 'expired' ? '二维码已过期，点击刷新' : '二维码加载失败，点击刷新'}</span>
          </button>
        ) : null}
        {state === 'bind' ? (
          <div className="qr-cover">
            <CheckCircleFilled className="qr-cover-icon qr-ok" />
            <strong>扫描成功</strong>
            <span className="qr-cover-sub">首次使用请绑定手机号</span>
          </div>
        ) : null}
        {state === 'scanned' ? (
          <div className="qr-cover">
            <CheckCircleFilled className="qr-cover-icon qr-ok" />
            <strong>扫描成功</strong>
            <span className="qr-cover-sub">请在手机上确认登录</span>
            <Button size="small" ghost onClick={refresh}>
              重新扫码
            </Button>
          </div>
        ) : null}
      </div>
      {state === 'bind' && ticket ? (
        <WxBindForm ticket={ticket.ticket} onLogin={(login) => onLoginRef.current(login)} />
      ) : (
        <p className="qr-tip">{ticket?.confirm_url.startsWith('https://mp.weixin.qq.com/') ? '请使用手机微信扫描二维码，关注公众号后即可登录' : '请使用手机微信扫描二维码，并在手机上点击“确认登录”'}</p>
      )}
    </div>
  );
}
