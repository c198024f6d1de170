import { useEffect } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Tooltip } from 'antd';
import { serviceChildAddBody, type AdminServiceChild, type AdminServiceGroup } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { SchemaForm } from '../../../components/schema-form';
import { settled } from '../../../lib/use-api-mutation';
import { addServiceChild, deleteServiceChild, updateServiceChild, useCatalogMutation } from '../api/save-group';

interface Values {
  name: string;
  sort: number | null;
}

/** Adds a sub-type to a group, or renames, re-sorts or deletes one (only while no item uses it). */
export function ChildFormModal({ group, editing, onClose }: { group: AdminServiceGroup | null; editing: AdminServiceChild | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { modal } = App.useApp();
  const save = useCatalogMutation((values: { name: string; sort: number }) =>
    editing ? updateServiceChild(editing.id, values.name, values.sort) : addServiceChild(group!.id, values.name, values.sort),
  );
  const remove = useCatalogMutation((id: number) => deleteServiceChild(id));
  const open = group !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { name: editing.name, sort: editing.sort } : { name: '', sort: group?.children.length ?? 0 });
  }, [open, editing, group, form]);

  const submit = (checked: { name: string; sort: number }) =>
    save.mutate({ name: checked.name, sort: checked.sort }, {
      onSuccess: () => {
        feedback.success(editing ? '子类已保存' : '子类已添加');
        onClose();
      },
    });

  const confirmDelete = () => {
    if (!editing) return;
    modal.confirm({
      title: `删除子类「${editing.name}」？`,
      content: '删除后首页该分类下不再显示此子类。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        settled(
          remove.mutateAsync(editing.id, {
            onSuccess: () => {
              feedback.success('子类已删除');
              onClose();
            },
          }),
        ),
    });
  };

  const footer = [
    editing && (
      <Tooltip key="delete" title={editing.itemCount > 0 ? `还有 ${editing.itemCount} 个项目使用该子类，先把它们移到其他子类` : undefined}>
        <Button danger disabled={editing.itemCount > 0} loading={remove.isPending} onClick={confirmDelete} style={{ float: 'left' }}>
          删除
        </Button>
      </Tooltip>
    ),
    <Button key="cancel" onClick={onClose}>
      取消
    </Button>,
    <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
      保存
    </Button>,
  ];

  return (
    <Modal title={editing ? `编辑子类：${editing.name}` : `为「${group?.name ?? ''}」添加子类`} open={open} onCancel={onClose} footer={footer} destroyOnHidden>
      <SchemaForm
        form={form}
        name="service-child"
        schema={serviceChildAddBody}
        body={(values) => ({ groupId: group?.id, name: values.name ?? '', sort: values.sort ?? 0 })}
        layout="vertical"
        requiredMark
        onSubmit={submit}
      >
        <Form.Item label="子类名称" name="name" required>
          <Input maxLength={30} placeholder="例如 X射线衍射 XRD" />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的排在前面（0–9999）">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </SchemaForm>
    </Modal>
  );
}
