import { Checkbox, Form, Input, Tooltip } from 'antd';
import { LockOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { loginBody, type LoginBody } from '@lab/contract';
import { accounts } from '../api/accounts';
import { SchemaForm } from '../../../components/schema-form';
import { useCompleteLogin } from '../use-complete-login';
import { SubmitButton } from './submit-button';
import { useApiMutation } from '../../../lib/use-api-mutation';

const rememberKey = 'lab.rememberAccount';

function rememberedAccount(): string | null {
  // drawn on the server (no browser): nothing remembered, and no look at Node's own localStorage
  if (typeof window === 'undefined') return null;
  try {
    return localStorage.getItem(rememberKey);
  } catch {
    return null;
  }
}

type Values = LoginBody & { remember: boolean };

/**
 * 密码登录. "记住密码" keeps the account on this device and lets the browser's password
 * manager save the password (autocomplete on); the password itself is never written to
 * storage by the site. Unchecked, the account is forgotten and autocomplete is off.
 */
export function PasswordLoginForm({ initialAccount }: { initialAccount?: string | null }) {
  const [form] = Form.useForm<Values>();
  const remembered = rememberedAccount();
  const remember = Form.useWatch('remember', form) ?? remembered !== null;
  const completeLogin = useCompleteLogin();
  const login = useApiMutation({
    mutationFn: async ({ body, remember }: { body: LoginBody; remember: boolean }) => {
      const result = await accounts.login(body);
      if (remember) localStorage.setItem(rememberKey, body.account);
      else localStorage.removeItem(rememberKey);
      await completeLogin(result, 'password');
    },
  });

  return (
    <SchemaForm
      form={form}
      name="password-login"
      schema={loginBody}
      className="auth-form"
      autoComplete={remember ? 'on' : 'off'}
      initialValues={{ account: initialAccount ?? remembered ?? '', password: '', remember: remembered !== null }}
      onSubmit={(body, values) => login.mutate({ body, remember: values.remember })}
    >
      <Form.Item name="account">
        <Input size="large" name="account" aria-label="用户名/手机号" placeholder="请输入手机号/用户名" prefix={<UserOutlined />} maxLength={64} autoComplete={remember ? 'username' : 'off'} />
      </Form.Item>
      <Form.Item name="password">
        <Input.Password size="large" name="password" aria-label="密码" placeholder="请输入密码" prefix={<LockOutlined />} maxLength={64} autoComplete={remember ? 'current-password' : 'new-password'} />
      </Form.Item>
      <div className="auth-row">
        <Tooltip title="请勿在公共设备上勾选记住密码">
          <span>
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>
                记住密码 <QuestionCircleOutlined className="auth-hint-icon" aria-hidden />
              </Checkbox>
            </Form.Item>
          </span>
        </Tooltip>
      </div>
      <SubmitButton busy={login.isPending}>登录</SubmitButton>
    </SchemaForm>
  );
}
