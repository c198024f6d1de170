import { useState } from 'react';
import { Button } from 'antd';
import { sendCodeBody, type SmsPurpose } from '@lab/contract';
import { accounts } from '../../api/accounts';
import { firstError } from './validate';
import { useCooldown } from './use-cooldown';
import { useFeedback } from '../../lib/use-feedback';

interface Props {
  phone: string;
  useFor: SmsPurpose;
  /** a phone that fails validation: the form shows the message as its (first) error */
  onInvalid: (message: string | null) => void;
}

/** 获取验证码, then a 60 s countdown ("60秒后重发") before it can be sent again. */
export function SendCodeButton({ phone, useFor, onInvalid }: Props) {
  const { left, running, start } = useCooldown(`sms:${useFor}`);
  const [sending, setSending] = useState(false);
  const feedback = useFeedback();

  const send = async () => {
    const body = { phone: phone.trim(), useFor };
    const error = firstError(sendCodeBody, body);
    onInvalid(error);
    if (error) return;
    setSending(true);
    try {
      await accounts.sendCode(body);
      feedback.success('验证码已发送!');
      start();
    } catch (failure) {
      feedback.failure(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button className="send-code" size="large" disabled={running || sending} aria-busy={sending} onClick={() => void send()}>
      {running ? `${left}秒后重发` : sending ? '发送中…' : '获取验证码'}
    </Button>
  );
}
