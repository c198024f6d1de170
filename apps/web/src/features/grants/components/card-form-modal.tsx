import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { fenToYuan, grantCardSaveBody, type GrantCard } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { grants } from '../api/grants';

interface Values {
  name?: string;
  number?: string;
  end_date?: Dayjs | null;
  cap?: string;
}

/** 新增 / 编辑经费卡: name, number, end date, optional cap. */
export function CardFormModal({ communityRid, editing, onClose }: { communityRid: string; editing: GrantCard | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const bodyOf = (values: Values) => ({
    community_rid: communityRid,
    ...(editing ? { rid: editing.rid } : {}),
    name: values.name ?? '',
    number: values.number ?? '',
    end_date: values.end_date ? values.end_date.format('YYYY-MM-DD') : '',
    ...(values.cap ? { cap: values.cap } : {}),
  });
  const save = useApiMutation({
    mutationFn: (body: Parameters<typeof grants.saveCard>[0]) => grants.saveCard(body),
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success('经费卡已保存');
      onClose();
    },
  });
  return (
    <Modal open title={editing ? '编辑经费卡' : '新增经费卡'} onCancel={onClose} onOk={() => form.submit()} okText="保存" confirmLoading={save.isPending} destroyOnHidden centered width={520}>
      <SchemaForm
        form={form}
        name="grant-card"
        schema={grantCardSaveBody}
        body={bodyOf}
        // the form's yuan text goes as typed (the checked body holds fen)
        onSubmit={(_checked, values) => save.mutate(bodyOf(values))}
        layout="vertical"
        className="member-form"
        initialValues={
          editing ? { name: editing.name, number: editing.number, end_date: dayjs(editing.endDate), cap: editing.capFen === null ? '' : fenToYuan(editing.capFen) } : {}
        }
      >
        <Form.Item label="经费卡名称" name="name" required>
          <Input maxLength={50} placeholder="如：国自然面上项目" />
        </Form.Item>
        <Form.Item label="经费卡号（课题号）" name="number" required>
          <Input maxLength={40} placeholder="将写在订单和对账单上" />
        </Form.Item>
        <Form.Item label="截止日期" name="end_date" required>
          <DatePicker style={{ width: '100%' }} placeholder="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item label="总额上限（元，选填）" name="cap" extra="该卡累计可支付的最高金额；不填为不限">
          <Input inputMode="decimal" placeholder="不限" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
