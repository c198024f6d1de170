import { Button, Form } from 'antd';
import { z } from 'zod';
import { checkInForm } from './schema-form';
import { useCooldown } from '../lib/use-cooldown';
import { feedback } from '../lib/feedback';
import { useApiMutation } from '../lib/use-api-mutation';

interface Props {
  /** the form's field that holds the phone: `phone`, or `account` in the reset form (the spec's payload) */
  field: string;
  /** the contract's check of that phone (sendCodeBody.shape.phone, staffCodeBody.shape.phone): its message shows under the field */
  phone: z.ZodType<string>;
  /** one countdown per key (the SMS purpose), kept while the visitor switches views */
  cooldownKey: string;
  send: (phone: string) => Promise<unknown>;
}

/**
 * 获取验证码 inside an antd Form, then a 60 s countdown ("60秒后重发") before it can be sent
 * again. A phone the contract refuses gets the form's one error, under the phone.
 */
export function SendCodeButton({ field, phone, cooldownKey, send }: Props) {
  const form = Form.useFormInstance();
  const { left, running, start } = useCooldown(cooldownKey);
  const mutation = useApiMutation({
    mutationFn: send,
    onSuccess: () => {
      feedback.success('验证码已发送!');
      start();
    },
  });

  const onClick = () => {
    const checked = checkInForm(form, z.object({ [field]: phone }), { [field]: form.getFieldValue(field) as unknown });
    const number = checked.ok ? checked.data[field] : undefined;
    if (number) mutation.mutate(number);
  };

  return (
    <Button className="send-code" size="large" disabled={running || mutation.isPending} aria-busy={mutation.isPending} onClick={onClick}>
      {running ? `${left}秒后重发` : mutation.isPending ? '发送中…' : '获取验证码'}
    </Button>
  );
}
