import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { z } from 'zod';
import { checkWithSchema, clearChangedErrors } from './schema-form';
import { TestStyles } from '../testing/render';

const schema = z.object({ name: z.string().min(1, { error: '[姓名]不能为空' }) });

function NameForm({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} onValuesChange={clearChangedErrors(form)}>
      <Form.Item label="姓名" name="name">
        <Input aria-label="姓名" />
      </Form.Item>
    </Form>
  );
}

describe('schema forms', () => {
  it('shows the first problem under its field and clears it once the field is edited', async () => {
    let form: FormInstance | undefined;
    render(<NameForm onForm={(f) => (form = f)} />, { wrapper: TestStyles });
    act(() => {
      expect(checkWithSchema(schema, { name: '' }, form)).toBeNull();
    });
    expect(await screen.findByText('[姓名]不能为空')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张' } });
    await waitFor(() => expect(screen.queryByText('[姓名]不能为空')).toBeNull());
  });

  it('shows a problem of a schema field the form holds under another name there, and clears it once that list is edited', async () => {
    const slots = z.object({ first: z.string().min(1, { error: '[时段一]不能为空' }) });
    let form: FormInstance | undefined;
    function SlotsForm() {
      const [own] = Form.useForm();
      form = own;
      return (
        <Form form={own} initialValues={{ slots: ['', ''] }} onValuesChange={clearChangedErrors(own)}>
          <Form.Item label="时段">
            <Form.Item name={['slots', 0]} noStyle>
              <Input aria-label="时段一" />
            </Form.Item>
          </Form.Item>
        </Form>
      );
    }
    render(<SlotsForm />, { wrapper: TestStyles });
    act(() => {
      const values = form!.getFieldsValue(true) as { slots: string[] };
      expect(checkWithSchema(slots, { first: values.slots[0] }, form, { first: ['slots', 0] })).toBeNull();
    });
    expect(await screen.findByText('[时段一]不能为空')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('时段一'), { target: { value: '09:00' } });
    await waitFor(() => expect(screen.queryByText('[时段一]不能为空')).toBeNull());
  });
});
