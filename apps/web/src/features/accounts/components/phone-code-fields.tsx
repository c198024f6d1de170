import { Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { sendCodeBody, type SmsPurpose } from '@lab/contract';
import { accounts } from '../api/accounts';
import { SendCodeButton } from '../../../components/send-code-button';

interface PhoneCodeFieldsProps {
  /** the form field's name for the phone: `phone`, or `account` for reset (the spec's payload) */
  phoneName?: string;
  phonePlaceholder?: string;
  useFor: SmsPurpose;
}

/** The phone, the code and its 60-second send button (fields of the surrounding antd Form): the same in register, reset and SMS login. */
export function PhoneCodeFields({ phoneName = 'phone', phonePlaceholder = '请输入手机号', useFor }: PhoneCodeFieldsProps) {
  return (
    <>
      <Form.Item name={phoneName}>
        <Input size="large" name={phoneName} aria-label="手机号" placeholder={phonePlaceholder} prefix={<MobileOutlined />} maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <div className="auth-code-row">
        <Form.Item name="code">
          <Input size="large" name="code" aria-label="验证码" placeholder="请输入验证码" prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <SendCodeButton field={phoneName} phone={sendCodeBody.shape.phone} cooldownKey={`sms:${useFor}`} send={(phone) => accounts.sendCode({ phone, useFor })} />
      </div>
    </>
  );
}
