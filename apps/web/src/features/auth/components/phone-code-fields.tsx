import { Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { SmsPurpose } from '@lab/contract';
import { SendCodeButton } from '../send-code-button';

interface PhoneCodeFieldsProps {
  /** the form field's name for the phone: `phone`, or `account` for reset (the spec's payload) */
  phoneName?: string;
  phonePlaceholder?: string;
  phone: string;
  onPhoneChange: (phone: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
  useFor: SmsPurpose;
  onInvalid: (message: string | null) => void;
}

/** The phone, the code and its 60-second send button: the same in register, reset and SMS login. */
export function PhoneCodeFields(props: PhoneCodeFieldsProps) {
  return (
    <>
      <Input
        size="large"
        name={props.phoneName ?? 'phone'}
        aria-label="手机号"
        placeholder={props.phonePlaceholder ?? '请输入手机号'}
        prefix={<MobileOutlined />}
        maxLength={11}
        inputMode="numeric"
        autoComplete="tel"
        value={props.phone}
        onChange={(event) => props.onPhoneChange(event.target.value)}
      />
      <div className="auth-code-row">
        <Input
          size="large"
          name="code"
          aria-label="验证码"
          placeholder="请输入验证码"
          prefix={<SafetyOutlined />}
          maxLength={6}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={props.code}
          onChange={(event) => props.onCodeChange(event.target.value)}
        />
        <SendCodeButton phone={props.phone} useFor={props.useFor} onInvalid={props.onInvalid} />
      </div>
    </>
  );
}
