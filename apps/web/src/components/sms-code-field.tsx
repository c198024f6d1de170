import { Button, Form, Input, Space } from 'antd';

interface Props {
  /** the field's label, e.g. `短信验证码（发送至 138****0000）` */
  label: string;
  /** the countdown after a code was sent (useCooldown) */
  cooldown: { running: boolean; left: number };
  /** a code is being sent */
  sending: boolean;
  onSend: () => void;
}

/**
 * The 6-digit SMS code field (`code`) of an antd Form, with 获取验证码 beside it and its countdown,
 * for a code sent to the member's own phone (no phone field: signing an agreement, closing the
 * account). A form that asks for the phone uses SendCodeButton.
 */
export function SmsCodeField({ label, cooldown, sending, onSend }: Props) {
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle>
          <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="6位数字" aria-label="短信验证码" />
        </Form.Item>
        <Button disabled={cooldown.running || sending} onClick={onSend}>
          {cooldown.running ? `${cooldown.left}秒后重发` : sending ? '发送中…' : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
