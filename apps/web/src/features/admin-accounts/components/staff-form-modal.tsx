import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { staffAddBody, staffRoleLabels, staffRoles, staffUpdateBody, type StaffAccount } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { ensurePasswordStrength, usePasswordStrength } from '../../../lib/password-strength';
import { addStaff, updateStaff, useStaffMutation } from '../api/save-staff';

interface Values {
  account: string;
  name: string;
  role: string;
  phone: string;
  password: string;
}

const roleOptions = staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));

/** Adds a staff account (with the first password) or edits one (name, role, phone). */
export function StaffFormModal({ open, editing, onClose }: { open: boolean; editing: StaffAccount | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const add = useStaffMutation(addStaff);
  const update = useStaffMutation(updateStaff);
  usePasswordStrength();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ account: editing.account, name: editing.name, role: editing.role, phone: editing.phone ?? '' });
  }, [open, editing, form]);

  const done = {
    onSuccess: () => {
      feedback.success(editing ? '员工资料已保存' : '员工账号已创建');
      onClose();
    },
  };

  const fields = (
    <>
      <Form.Item label="账号" name="account" required extra="登录用，3–32位字母、数字或 _ . -，以字母开头；创建后不可修改">
        <Input disabled={Boolean(editing)} autoComplete="off" placeholder="例如 zhang.lab" />
      </Form.Item>
      <Form.Item label="姓名" name="name" required>
        <Input maxLength={32} placeholder="员工姓名" />
      </Form.Item>
      <Form.Item label="角色" name="role" required extra="管理员可使用全部功能；客户经理、实验员、财务各自只能使用本岗位的功能">
        <Select options={roleOptions} />
      </Form.Item>
      <Form.Item label="手机号" name="phone" extra="选填；填写后可用短信验证码登录后台">
        <Input maxLength={11} inputMode="numeric" placeholder="11位手机号" />
      </Form.Item>
      {!editing && (
        <Form.Item label="初始密码" name="password" required extra="至少10位，不能是常见单词、生日或键盘顺序；请告知员工首次登录后妥善保管">
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
    </>
  );

  return (
    <Modal
      title={editing ? `编辑员工：${editing.name}` : '新增员工'}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      {editing ? (
        <SchemaForm
          form={form}
          name="staff"
          schema={staffUpdateBody}
          body={(values) => ({ id: editing.id, name: values.name, role: values.role, phone: values.phone })}
          layout="vertical"
          requiredMark
          initialValues={{ role: 'sales' }}
          onSubmit={(_checked, values) => update.mutate({ id: editing.id, name: values.name, role: values.role as StaffAccount['role'], phone: values.phone || undefined }, done)}
        >
          {fields}
        </SchemaForm>
      ) : (
        <SchemaForm
          form={form}
          name="staff"
          schema={staffAddBody}
          // the first password's strength is checked by a library loaded on demand
          ready={ensurePasswordStrength}
          layout="vertical"
          requiredMark
          initialValues={{ role: 'sales' }}
          onSubmit={(checked) => add.mutate({ ...(checked as Parameters<typeof addStaff>[0]) }, done)}
        >
          {fields}
        </SchemaForm>
      )}
    </Modal>
  );
}
