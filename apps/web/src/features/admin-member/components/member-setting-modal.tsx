import { useEffect, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { z } from 'zod';
import type { AdminMemberRow } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useMemberMutation } from '../api/save-member';

interface MemberSettingModalProps<V, S extends z.ZodType> {
  title: string;
  /** the form's name (its field's id) */
  name: string;
  open: boolean;
  /** the member's value now: the dialog starts from it each time it opens */
  current: V;
  onClose: () => void;
  /** the contract's body of the save call, and the chosen value as it reads it */
  schema: S;
  /** the body's field that holds the value: its problem shows under the dialog's one field */
  field: string;
  body: (value: V) => unknown;
  /** the save call (api/save-member), given what the schema read */
  call: (checked: z.output<S>) => Promise<AdminMemberRow>;
  /** what the success message says, from the saved member */
  done: (member: AdminMemberRow) => string;
  /** what the dialog says above the field */
  intro?: ReactNode;
  /** the control that picks the value (the form gives it value and onChange) */
  control: ReactNode;
}

/** One setting of a member (客户经理, 用户类型) in a dialog: a one-field form, 保存, the success message, closed. */
export function MemberSettingModal<V, S extends z.ZodType>({ title, name, open, current, onClose, schema, field, body, call, done, intro, control }: MemberSettingModalProps<V, S>) {
  const [form] = Form.useForm<{ value: V }>();
  const save = useMemberMutation(call);

  useEffect(() => {
    if (open) form.setFieldsValue({ value: current });
  }, [open, current, form]);

  return (
    <Modal title={title} open={open} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden onOk={() => form.submit()}>
      <SchemaForm
        form={form}
        name={name}
        schema={schema}
        body={({ value }) => body(value)}
        places={{ [field]: 'value' }}
        initialValues={{ value: current }}
        onSubmit={(checked) =>
          save.mutate(checked, {
            onSuccess: (member) => {
              feedback.success(done(member));
              onClose();
            },
          })
        }
      >
        {intro}
        <Form.Item name="value" style={{ marginBottom: 0 }}>
          {control}
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
