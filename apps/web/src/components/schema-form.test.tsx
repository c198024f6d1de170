import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { z } from 'zod';
import { SchemaForm, type FieldPlaces } from './schema-form';
import { TestStyles } from '../testing/render';

const schema = z.object({
  name: z.string().min(1, { error: '[姓名]不能为空' }),
  phone: z.string().regex(/^1\d{10}$/, { error: '[手机号]格式不正确' }),
});

function NameForm({ onSubmit, body, places, extra }: { onSubmit: (body: unknown) => void; body?: (values: { name: string; phone: string }) => unknown; places?: FieldPlaces; extra?: boolean }) {
  const [form] = Form.useForm<{ name: string; phone: string }>();
  return (
    <SchemaForm form={form} name="person" schema={extra ? schema.extend({ rid: z.string({ error: '[编号]不能为空' }) }) : schema} body={body} places={places} initialValues={{ name: '', phone: '' }} onSubmit={onSubmit}>
      <Form.Item label="姓名" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="手机号" name="phone">
        <Input />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </SchemaForm>
  );
}

const submit = () => fireEvent.click(screen.getByText(/^提\s?交$/).closest('button')!);

describe('SchemaForm (the one form recipe)', () => {
  it('shows only the first problem, under its field, and clears it once that field is edited; sends what the schema read', async () => {
    const onSubmit = vi.fn();
    render(<NameForm onSubmit={onSubmit} />, { wrapper: TestStyles });
    submit();
    expect(await screen.findByText('[姓名]不能为空')).toBeInTheDocument();
    expect(screen.queryByText('[手机号]格式不正确')).toBeNull();
    expect(screen.getByLabelText('姓名')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('姓名')).toHaveAccessibleDescription('[姓名]不能为空');
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张' } });
    await waitFor(() => expect(screen.queryByText('[姓名]不能为空')).toBeNull());
    submit();
    expect(await screen.findByText('[手机号]格式不正确')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900001111' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '张', phone: '13900001111' }, expect.anything()));
  });

  it('puts a problem of a schema field the form holds under another name where `places` says', async () => {
    render(<NameForm onSubmit={() => {}} body={({ name, phone }) => ({ name: phone, phone: name })} places={{ name: 'phone', phone: 'name' }} />, { wrapper: TestStyles });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '13900001111' } });
    submit();
    expect(await screen.findByText('[姓名]不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a problem the form has no field for is said, not lost', async () => {
    render(<NameForm onSubmit={() => {}} extra />, { wrapper: TestStyles });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '张' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900001111' } });
    submit();
    expect(await screen.findByText('[编号]不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('姓名')).not.toHaveAttribute('aria-invalid');
  });

  it('a problem inside a list shows under the field it is about, or the list holding it', async () => {
    const tiers = z.object({ rules: z.array(z.object({ rate: z.string().min(1, { error: '[比例]不能为空' }) })).min(1, { error: '至少一档' }) });
    function TiersForm() {
      const [form] = Form.useForm<{ rules: { rate: string }[] }>();
      return (
        <SchemaForm form={form} name="tiers" schema={tiers} initialValues={{ rules: [{ rate: '3' }, { rate: '' }] }} onSubmit={() => {}}>
          <Form.List name="rules">
            {(rows, { remove }, { errors }) => (
              <>
                {rows.map((row, i) => (
                  <Form.Item key={row.key} name={[row.name, 'rate']}>
                    <Input aria-label={`比例${i + 1}`} />
                  </Form.Item>
                ))}
                <Form.ErrorList errors={errors} />
                <Button onClick={() => remove(rows.map((row) => row.name))}>清空</Button>
              </>
            )}
          </Form.List>
          <Button htmlType="submit">提交</Button>
        </SchemaForm>
      );
    }
    render(<TiersForm />, { wrapper: TestStyles });
    submit();
    expect(await screen.findByText('[比例]不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('比例2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('比例1')).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByText(/^清\s?空$/).closest('button')!);
    submit();
    expect(await screen.findByText('至少一档')).toBeInTheDocument();
  });
});
