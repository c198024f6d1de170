import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useNavigate } from 'react-router';
import { ACCOUNTING_RETENTION_NOTE, closeAccountBody, type CloseAccountBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useCooldown } from '../../../lib/use-cooldown';
import { SmsCodeField } from '../../../components/sms-code-field';
import { clearSession } from '../../../lib/session';
import { closeAccount, sendCloseCode } from '../api/privacy-actions';

interface Values {
  way: 'sms' | 'password';
  code: string;
  password: string;
  understood: boolean;
}

interface Props {
  open: boolean;
  onClose: () => void;
  phoneMasked: string;
  hasPassword: boolean;
  pointsBalance: number;
}

/** 注销账号: confirmed with the SMS code sent to the member's phone, or the login password. */
export function CloseAccountDialog({ open, onClose, phoneMasked, hasPassword, pointsBalance }: Props) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);
  const way = Form.useWatch('way', form) ?? 'sms';
  const cooldown = useCooldown('close-account');
  const send = useApiMutation({
    mutationFn: sendCloseCode,
    onSuccess: () => {
      feedback.success(`验证码已发送至 ${phoneMasked}`);
      cooldown.start();
    },
  });
  const close = useApiMutation({
    mutationFn: (body: CloseAccountBody) => closeAccount(body),
    onSuccess: () => {
      feedback.success('账号已注销，感谢您一直以来的使用');
      clearSession();
      void navigate('/', { replace: true });
    },
  });

  return (
    <Modal
      title="注销账号"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          再想想
        </Button>,
        <Button key="ok" danger type="primary" disabled={!understood} loading={close.isPending} onClick={() => form.submit()}>
          确认注销
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title="注销后不可恢复"
        description={
          <ul className="privacy-list">
            <li>将无法再登录本账号，所有设备上的登录状态立即失效。</li>
            <li>姓名、手机号、邮箱、收货地址、发票抬头、站内消息内容、您填写的备注与说明等个人信息将被删除或匿名化。</li>
            <li>尚未付款的微信支付、支付宝订单将在支付平台关闭，不能再付款；注销后如仍有款项到账，将原路退回。</li>
            {pointsBalance > 0 ? <li>剩余 {pointsBalance} 积分将作废。</li> : null}
            <li>{ACCOUNTING_RETENTION_NOTE}</li>
            <li>注销后该手机号可重新注册为新账号，但无法找回本账号的任何数据。</li>
          </ul>
        }
      />
      <SchemaForm
        form={form}
        name="close-account"
        schema={closeAccountBody}
        body={(values) => (values.way === 'sms' ? { code: values.code } : { password: values.password })}
        // with the password chosen, the schema's "code or password" problem is the password's
        places={way === 'sms' ? undefined : { code: ['password'] }}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{ way: 'sms', code: '', password: '', understood: false }}
        onSubmit={(body) => close.mutate(body)}
      >
        <Form.Item label="验证方式" name="way">
          <Radio.Group
            options={[
              { value: 'sms', label: `短信验证码（${phoneMasked}）` },
              { value: 'password', label: '登录密码', disabled: !hasPassword },
            ]}
          />
        </Form.Item>
        {way === 'sms' ? (
          <SmsCodeField label="短信验证码" cooldown={cooldown} sending={send.isPending} onSend={() => send.mutate()} />
        ) : (
          <Form.Item label="登录密码" name="password" required>
            <Input.Password autoComplete="current-password" aria-label="登录密码" />
          </Form.Item>
        )}
        <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)}>
          我已阅读并知晓以上注销后果
        </Checkbox>
      </SchemaForm>
    </Modal>
  );
}
