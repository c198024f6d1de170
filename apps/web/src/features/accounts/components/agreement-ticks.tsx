import { Checkbox, Form } from 'antd';

/**
 * The registration's ticks (个人信息保护法: consent by a clear act, never pre-ticked): 用户协议 and
 * 隐私政策, required (the server refuses an account without it), and 营销短信, optional and apart.
 * The documents open in a new tab, so what was typed in the panel stays.
 */
export function AgreementTicks() {
  return (
    <div className="auth-ticks">
      <Form.Item name="agreement" valuePropName="checked">
        <Checkbox name="agreement">
          我已阅读并同意
          <a href="/agreement/user" target="_blank" rel="noopener">
            《用户协议》
          </a>
          和
          <a href="/agreement/privacy" target="_blank" rel="noopener">
            《隐私政策》
          </a>
        </Checkbox>
      </Form.Item>
      <Form.Item name="marketingSms" valuePropName="checked">
        <Checkbox name="marketingSms">接收优惠活动等营销短信（选填，可随时在账号设置中关闭）</Checkbox>
      </Form.Item>
    </div>
  );
}
