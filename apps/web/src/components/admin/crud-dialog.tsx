import { useEffect, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { feedback } from '../../lib/feedback';
import { useApiMutation } from '../../lib/use-api-mutation';
import { SchemaForm } from '../schema-form';

/**
 * A back-office change to a list: useApiMutation, and afterwards the list reads again — after
 * a refusal too (a list reordered or edited by someone else meanwhile shows as it now is).
 */
export function useListChange<A, R>(refresh: QueryKey, run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useApiMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: refresh }) });
}

/** What a list's create/edit dialog is made of (docs/web.md, "A back-office list with a create/edit dialog"). */
export interface CrudDialogConfig<T, V extends object, S extends z.ZodType> {
  /** the Form's name (its fields' ids) */
  name: string;
  /** the contract's body of the add call; edit sends the same plus the row's key */
  schema: S;
  /** every field's value in an empty dialog */
  initialValues: V;
  /** the fields' values for a row being edited */
  values: (row: T) => V;
  /** the form's values as the schema reads them (a switch as '1'/'0', an empty number left out, a date as text) */
  body: (values: V) => unknown;
  add: (body: z.output<S>) => Promise<unknown>;
  edit: (body: z.output<S>, row: T) => Promise<unknown>;
  /** the dialog's title when editing; 编辑<noun> unless given */
  editTitle?: (row: T) => string;
  width?: number;
  /** the Form.Items; a field that needs the form reads it with Form.useFormInstance() */
  fields: (row: T | null) => ReactNode;
}

interface CrudDialogProps<T, V extends object, S extends z.ZodType> extends CrudDialogConfig<T, V, S> {
  /** what one row is called: 新增<noun>, <noun>已添加, <noun>已保存 */
  noun: string;
  open: boolean;
  /** the row being edited; null adds one */
  editing: T | null;
  /** what reads again after the save */
  refresh: QueryKey;
  onClose: () => void;
}

/**
 * 新增 / 编辑 one row of a back-office list: an antd Form in a Modal, checked with the
 * contract's schema (the first problem under its field), saved through useApiMutation, a
 * success message and the dialog closes.
 */
export function CrudDialog<T, V extends object, S extends z.ZodType>(props: CrudDialogProps<T, V, S>) {
  const { noun, open, editing, refresh, onClose, name, schema, initialValues, values, body, add, edit, editTitle, width, fields } = props;
  const [form] = Form.useForm<V>();
  const save = useListChange(refresh, ({ checked, row }: { checked: z.output<S>; row: T | null }) => (row ? edit(checked, row) : add(checked)));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(values(editing) as Parameters<typeof form.setFieldsValue>[0]);
    // `values` is the page's mapping, read when the dialog opens (a new function each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editing, form]);

  const submit = (checked: z.output<S>) =>
    save.mutate(
      { checked, row: editing },
      {
        onSuccess: () => {
          feedback.success(editing ? `${noun}已保存` : `${noun}已添加`);
          onClose();
        },
      },
    );

  return (
    <Modal
      title={editing ? (editTitle?.(editing) ?? `编辑${noun}`) : `新增${noun}`}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      width={width}
      destroyOnHidden
    >
      <SchemaForm form={form} name={name} schema={schema} body={body} layout="vertical" initialValues={initialValues} onSubmit={submit}>
        {fields(editing)}
      </SchemaForm>
    </Modal>
  );
}
