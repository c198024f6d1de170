import { Form } from 'antd';
import { SmsPurpose, smsLoginForm, type LoginResult } from '@lab/contract';
import type { z } from 'zod';
import { wxLogin } from '../api/wx-login';
import { SchemaForm } from '../../../components/schema-form';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { PhoneCodeFields } from './phone-code-fields';
import { SubmitButton } from './submit-button';
import { AgreementTicks } from './agreement-ticks';

type Values = z.input<typeof smsLoginForm>;

/**
 * 绑定手机号: the WeChat that scanned the official account's QR code has no member yet; the
 * phone and its SMS code bind it (a new phone registers, so the ticks of registration are here)
 * and log in. Asked once: the next scan logs in at once.
 */
export function WxBindForm({ ticket, onLogin }: { ticket: string; onLogin: (login: LoginResult) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const bind = useApiMutation({
    mutationFn: async (body: z.output<typeof smsLoginForm>) => onLogin(await wxLogin.bind({ ticket, phone: body.phone, code: body.code, agreement: body.agreement, marketingSms: body.marketingSms })),
  });
  return (
    <div className="wx-bind">
      <p className="qr-tip">首次使用微信登录，请绑定手机号（仅需一次）</p>
      <SchemaForm form={form} name="wx-bind" schema={smsLoginForm} className="auth-form" initialValues={{ phone: '', code: '', agreement: false, marketingSms: false }} onSubmit={(body) => bind.mutate(body)}>
        <PhoneCodeFields useFor={SmsPurpose.login} />
        <AgreementTicks />
        <SubmitButton busy={bind.isPending}>绑定并登录</SubmitButton>
      </SchemaForm>
    </div>
  );
}
