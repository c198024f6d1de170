import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { App, Form } from 'antd';
import type { AdminServiceItem } from '@lab/contract';
import { feedback } from '../../../lib/feedback';
import { settled } from '../../../lib/use-api-mutation';
import { useServiceGroups } from '../api/list-groups';
import { useCatalogMutation } from '../api/save-group';
import { addServiceItem, publishServiceItem, updateServiceItem } from '../api/save-item';
import { emptyItemValues, toItemForm, toItemFormValues, type ItemFormValues } from './item-form-values';

/**
 * A service item's edit form: its antd form and the values the sections follow (type, group,
 * price, unit), the group and sub-type choices, save and 上架/下架; item-form-sections.tsx
 * draws it.
 */
export function useItemForm(item: AdminServiceItem | null) {
  const [form] = Form.useForm<ItemFormValues>();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const groups = useServiceGroups();
  const initial = useMemo(() => (item ? toItemFormValues(item) : emptyItemValues()), [item]);
  const typeId = Form.useWatch('typeId', form) ?? initial.typeId;
  const groupId = Form.useWatch('groupId', form);
  const price = Form.useWatch('price', form);
  const unit = Form.useWatch('unit', form);
  const save = useCatalogMutation((values: ItemFormValues) => {
    const body = toItemForm(values);
    return item ? updateServiceItem(item.rid, body) : addServiceItem(body);
  });
  const publish = useCatalogMutation((published: boolean) => publishServiceItem(item!.rid, published));

  useEffect(() => form.setFieldsValue(initial), [form, initial]);

  const groupOptions = (groups.data ?? [])
    .filter((g) => g.typeId === typeId)
    .map((g) => ({ value: g.id, label: g.visible ? g.name : `${g.name}（已隐藏）` }));
  const childOptions = (groups.data ?? []).find((g) => g.id === groupId)?.children.map((c) => ({ value: c.id, label: c.name })) ?? [];

  /** once the form's check (the contract's serviceItemBody over toItemForm) passes */
  const submit = (values: ItemFormValues) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        if (item) {
          feedback.success('服务项目已保存');
        } else {
          feedback.success('服务项目已添加并上架');
          navigate(`/admin/catalog/items/${(saved as { rid: string }).rid}`, { replace: true });
        }
      },
    });

  const togglePublished = () => {
    if (!item) return;
    const next = !item.published;
    modal.confirm({
      title: next ? `上架「${item.name}」？` : `下架「${item.name}」？`,
      content: next ? '上架后客户可以在网站上看到并下单。' : '下架后网站上立即看不到该项目，客户也不能再下单；已有订单和计划不受影响。',
      okText: next ? '上架' : '下架',
      okButtonProps: { danger: !next },
      cancelText: '取消',
      onOk: () =>
        settled(
          publish.mutateAsync(next, {
            onSuccess: () => {
              feedback.success(next ? '服务项目已上架' : '服务项目已下架');
            },
          }),
        ),
    });
  };

  return { form, item, initial, groups, groupId, price, unit, groupOptions, childOptions, save, publish, submit, togglePublished, back: () => navigate('/admin/catalog/items') };
}

export type ItemFormState = ReturnType<typeof useItemForm>;
