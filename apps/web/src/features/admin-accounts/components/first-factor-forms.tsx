import { Button, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { loginBody, staffCodeBody, staffSmsLoginBody, type LoginBody, type StaffLoginAnswer, type StaffSmsLoginBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { SendCodeButton } from '../../../components/send-code-button';
import { sendStaffCode, staffPasswordLogin, staffSmsLogin } from '../api/staff-login';
import { useApiMutation } from '../../../lib/use-api-mutation';

type Props = { onLoggedIn: (result: StaffLoginAnswer) => void };

/** 密码登录: the staff account (username or phone) and its password. */
export function StaffPasswordForm({ onLoggedIn }: Props) {
  const [form] = Form.useForm<LoginBody>();
  const login = useApiMutation({ mutationFn: staffPasswordLogin, onSuccess: onLoggedIn });
  return (
    <SchemaForm form={form} name="staff-password" schema={loginBody} className="admin-login-form" initialValues={{ account: '', password: '' }} onSubmit={(body) => login.mutate(body)}>
      <Form.Item name="account">
        <Input size="large" name="account" aria-label="账号" placeholder="员工账号" prefix={<UserOutlined />} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" name="password" aria-label="密码" placeholder="密码" prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </SchemaForm>
  );
}

/** 短信登录: a code sent to the phone on the staff account (the same answer for any phone). */
export function StaffSmsForm({ onLoggedIn }: Props) {
  const [form] = Form.useForm<StaffSmsLoginBody>();
  const login = useApiMutation({ mutationFn: staffSmsLogin, onSuccess: onLoggedIn });
  return (
    <SchemaForm form={form} name="staff-sms" schema={staffSmsLoginBody} className="admin-login-form" initialValues={{ phone: '', code: '' }} onSubmit={(body) => login.mutate(body)}>
      <Form.Item name="phone">
        <Input size="large" name="phone" aria-label="手机号" placeholder="员工账号绑定的手机号" prefix={<MobileOutlined />} maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <div className="admin-login-code">
        <Form.Item name="code">
          <Input size="large" name="code" aria-label="验证码" placeholder="验证码" prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
        </Form.Item>
        <SendCodeButton field="phone" phone={staffCodeBody.shape.phone} cooldownKey="staff-sms" send={sendStaffCode} />
      </div>
      <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </SchemaForm>
  );
}
