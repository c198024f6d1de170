import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { formatFen, PAY_VENDOR_NAMES, type OnlinePaymentView } from '@lab/contract';
import { usePaymentStatus } from '../../features/payments/api/online-pay/payment-status';
import { QrImage } from '../qr-image';
import { VendorMark } from './vendor';
import './online-pay.css';

/** Seconds until `at` (ms), counted down every second; never below 0. */
function useSecondsLeft(at: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((at - now) / 1000));
}

const mmss = (seconds: number) => `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

interface PayQrModalProps {
  payment: OnlinePaymentView;
  /** what the QR encodes: weixin://… from WeChat Pay, the gateway page's address from the local gateway */
  codeUrl: string;
  /** once, when the server says the payment is paid */
  onPaid: (payment: OnlinePaymentView) => void;
  onClose: () => void;
  /** how often to ask while waiting (tests ask more often) */
  pollMs?: number;
}

/**
 * 扫码支付 on a computer: the amount, the QR, how long it stays valid, and the payment's state
 * as the server reports it (asked every few seconds while open; the server asks the gateway).
 * Paid: `onPaid`. Closed, failed or expired: says so, and the member starts again.
 */
export function PayQrModal({ payment, codeUrl, onPaid, onClose, pollMs }: PayQrModalProps) {
  const expiresAt = Date.parse(payment.expiresAt);
  const left = useSecondsLeft(expiresAt);
  // a payment made in its last seconds reaches the server a little later: keep asking a while after expiry
  const status = usePaymentStatus(payment.paymentNo, () => Date.now() < expiresAt + 30_000, pollMs);
  const current = status.data ?? payment;
  const [checking, setChecking] = useState(false);
  const told = useRef(false);
  useEffect(() => {
    if (current.state === 'paid' && !told.current) {
      told.current = true;
      onPaid(current);
    }
  }, [current, onPaid]);

  const vendorName = PAY_VENDOR_NAMES[payment.vendor];
  const expired = current.state === 'open' && left === 0;
  const ended = current.state === 'closed' || current.state === 'failed';
  const webPage = /^https?:\/\//.test(codeUrl);

  let state;
  if (current.state === 'paid') {
    state = (
      <p className="olp-state is-paid" role="status">
        <CheckCircleFilled aria-hidden /> 支付成功
      </p>
    );
  } else if (ended || expired) {
    state = (
      <p className="olp-state is-ended" role="status">
        <CloseCircleFilled aria-hidden /> {current.state === 'failed' ? '支付失败' : expired ? '二维码已过期' : '支付已关闭'}，请重新发起支付
      </p>
    );
  } else {
    state = (
      <p className="olp-state" role="status">
        <LoadingOutlined aria-hidden /> 等待支付，支付完成后本页自动更新
      </p>
    );
  }

  return (
    <Modal open title={payment.vendor === 'wechat' ? '微信扫码支付' : '支付宝扫码支付'} onCancel={onClose} footer={null} width={420} centered mask={{ closable: false }} destroyOnHidden>
      <div className="olp-qr" data-testid="pay-qr">
        <div className="olp-qr-amount">
          <span>支付金额</span>
          <strong data-testid="pay-qr-amount">{formatFen(payment.amountFen)}</strong>
          {payment.balanceFen > 0 ? <small>另由预存款余额抵扣 {formatFen(payment.balanceFen)}</small> : null}
        </div>
        <div className={ended || expired ? 'olp-qr-code is-void' : 'olp-qr-code'}>
          <QrImage value={codeUrl} label={vendorName} size={196} />
        </div>
        <p className="olp-qr-scan">
          <VendorMark vendor={payment.vendor} />
          <span>请打开{payment.vendor === 'wechat' ? '微信「扫一扫」' : '支付宝「扫一扫」'}扫描二维码付款</span>
        </p>
        {current.state === 'open' && !expired ? (
          <p className="olp-qr-timer" data-testid="pay-qr-timer">
            二维码有效时间 <strong>{mmss(left)}</strong>
          </p>
        ) : null}
        {state}
        <p className="olp-qr-no">支付单号 {payment.paymentNo}</p>
        {webPage && current.state === 'open' && !expired ? (
          <p className="olp-qr-link">
            无法扫码？
            <a href={codeUrl} target="_blank" rel="noopener noreferrer">
              在新窗口打开支付页
            </a>
          </p>
        ) : null}
        <div className="olp-qr-buttons">
          {current.state === 'open' && !expired ? (
            <Button type="primary" loading={checking}
              onClick={() => {
                setChecking(true);
                void status.refetch().finally(() => setChecking(false));
              }}
            >
              我已完成支付
            </Button>
          ) : null}
          <Button onClick={onClose}>{ended || expired ? '重新选择支付方式' : '更换支付方式'}</Button>
        </div>
      </div>
    </Modal>
  );
}
