import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { invoiceTitleAddBody, invoiceTitleEditBody, type InvoiceTitle, type InvoiceTitleKind } from '@lab/contract';
import { SchemaForm } from '../schema-form';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { memberDataKeys } from '../../api/refresh';
import './member-forms.css';
import { saveInvoiceTitle } from '../../features/funds/api/save-invoice-title';

interface Values {
  kind?: InvoiceTitleKind;
  title?: string;
  tax_no?: string;
  bank?: string;
  bank_account?: string;
  address?: string;
  phone?: string;
  email?: string;
  isDefault?: boolean;
}

/**
 * 新增 / 编辑发票抬头: personal or unit (tax number); bank, account, address, phone for 专用发票;
 * e-mail for e-invoices. 发票抬头 (funds) and the order form (orders, without leaving checkout)
 * open it; `onSaved` hears of the saved title (the order form chooses it).
 */
export function InvoiceTitleModal({ editing, onClose, onSaved }: { editing: InvoiceTitle | null; onClose: () => void; onSaved?: (title: InvoiceTitle) => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'unit';
  const save = useApiMutation({
    mutationFn: saveInvoiceTitle,
    invalidates: memberDataKeys,
    onSuccess: (saved) => {
      feedback.success(editing ? '发票抬头已保存' : '发票抬头已添加');
      onSaved?.(saved);
      onClose();
    },
  });

  /** the form's values as the call takes them: a unit's fields only for a unit, the switch as '1'/'0' */
  const body = (v: Values) => {
    const unit = v.kind === 'unit';
    return {
      kind: v.kind,
      title: v.title,
      tax_no: unit ? v.tax_no?.trim().toUpperCase() : undefined,
      bank: unit ? v.bank : undefined,
      bank_account: unit ? v.bank_account : undefined,
      address: unit ? v.address : undefined,
      phone: unit ? v.phone : undefined,
      email: v.email,
      default: v.isDefault ? '1' : '0',
      ...(editing ? { rid: editing.rid } : {}),
    };
  };

  return (
    <Modal open title={editing ? '编辑发票抬头' : '新增发票抬头'} onCancel={onClose} onOk={() => form.submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden centered width={620}>
      <SchemaForm
        form={form}
        name="invoiceTitle"
        schema={editing ? invoiceTitleEditBody : invoiceTitleAddBody}
        body={body}
        onSubmit={(checked) => save.mutate(checked)}
        layout="vertical"
        className="member-form"
        initialValues={
          editing
            ? {
                kind: editing.kind,
                title: editing.title,
                tax_no: editing.tax_no ?? '',
                bank: editing.bank ?? '',
                bank_account: editing.bank_account ?? '',
                address: editing.address ?? '',
                phone: editing.phone ?? '',
                email: editing.email ?? '',
                isDefault: editing.default === 1,
              }
            : { kind: 'unit', isDefault: false }
        }
      >
        <Form.Item label="抬头类型" name="kind" required>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'unit', label: '单位' },
              { value: 'personal', label: '个人' },
            ]}
          />
        </Form.Item>
        <Form.Item label="发票抬头" name="title" required>
          <Input maxLength={100} placeholder={kind === 'unit' ? '单位全称，如：复旦大学' : '个人姓名'} />
        </Form.Item>
        {kind === 'unit' ? (
          <>
            <Form.Item label="税号" name="tax_no" required extra="统一社会信用代码，15–20 位数字或大写字母">
              <Input maxLength={30} placeholder="如 12100000425006117P" />
            </Form.Item>
            <p className="member-muted">开具增值税专用发票还需填写以下信息：</p>
            <div className="member-form-grid">
              <Form.Item label="开户银行" name="bank">
                <Input maxLength={100} placeholder="如：中国银行上海五角场支行" />
              </Form.Item>
              <Form.Item label="银行账号" name="bank_account">
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item label="注册地址" name="address">
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item label="注册电话" name="phone">
                <Input maxLength={30} placeholder="如 021-65642222" />
              </Form.Item>
            </div>
          </>
        ) : null}
        <Form.Item label="接收邮箱" name="email" extra="电子发票将发送到该邮箱">
          <Input maxLength={100} inputMode="email" placeholder="name@example.edu.cn" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox disabled={editing?.default === 1}>设为默认抬头</Checkbox>
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
