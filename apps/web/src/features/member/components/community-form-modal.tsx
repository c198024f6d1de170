import { Form, Input, Modal } from 'antd';
import { communityAddBody, communityEditBody, type CommunitySummary } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { feedback } from '../../../lib/feedback';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { memberDataKeys } from '../../../api/refresh';
import '../../../components/member/member-forms.css';
import { saveCommunity } from '../api/save-community';

interface Values {
  name?: string;
  unit?: string;
  description?: string;
}

/** 创建 / 编辑科研团体: name, unit, description. */
export function CommunityFormModal({ editing, defaultUnit, onClose }: { editing: CommunitySummary | null; defaultUnit?: string; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useApiMutation({
    mutationFn: saveCommunity,
    invalidates: memberDataKeys,
    onSuccess: () => {
      feedback.success(editing ? '团体信息已保存' : '团体创建成功');
      onClose();
    },
  });
  return (
    <Modal open title={editing ? '编辑团体' : '创建科研团体'} onCancel={onClose} onOk={() => form.submit()} okText={editing ? '保存' : '创建'} confirmLoading={save.isPending} destroyOnHidden centered width={560}>
      <SchemaForm
        form={form}
        name="community"
        schema={editing ? communityEditBody : communityAddBody}
        body={(values) => (editing ? { ...values, rid: editing.rid } : values)}
        onSubmit={(body) => save.mutate(body)}
        layout="vertical"
        className="member-form"
        initialValues={editing ? { name: editing.name, unit: editing.unit, description: editing.description } : { unit: defaultUnit ?? '' }}
      >
        <Form.Item label="团体名称" name="name" required>
          <Input maxLength={50} placeholder="如：陈老师课题组" />
        </Form.Item>
        <Form.Item label="所属单位" name="unit" required>
          <Input maxLength={100} placeholder="学校 / 学院 / 研究所" />
        </Form.Item>
        <Form.Item label="团体简介" name="description">
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 3, maxRows: 6 }} placeholder="研究方向、常用测试项目等（选填）" />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
