import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { PlainButton } from './plain-controls';
import { PlainField, PlainForm, usePlainForm } from './plain-form';

const schema = z.object({
  name: z.string().min(1, { error: '[姓名]不能为空' }),
  phone: z.string().regex(/^1\d{10}$/, { error: '[手机号]格式不正确' }),
  rid: z.string({ error: '[编号]不能为空' }).optional(),
});

function Person({ onSubmit, rules = schema, body }: { onSubmit: (body: unknown) => void; rules?: typeof schema | (() => Promise<typeof schema>); body?: (v: { name: string; phone: string }) => unknown }) {
  const form = usePlainForm({ schema: rules, initialValues: { name: '', phone: '' }, ...(body ? { body } : {}), onSubmit });
  return (
    <PlainForm form={form} label="联系人">
      <PlainField form={form} name="name" label="姓名" required>
        {(control) => <input {...control} {...form.text('name')} />}
      </PlainField>
      <PlainField form={form} name="phone" label="手机号">
        {(control) => <input {...control} {...form.text('phone')} />}
      </PlainField>
      <PlainButton type="submit" loading={form.checking}>
        提交
      </PlainButton>
    </PlainForm>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the plain kit’s form (the same recipe without antd)', () => {
  it('shows only the first problem under its field, clears it as the field is edited, and sends what the schema read', async () => {
    const onSubmit = vi.fn();
    render(<Person onSubmit={onSubmit} />);
    submit();
    expect(screen.getByText('[姓名]不能为空')).toBeInTheDocument();
    expect(screen.queryByText('[手机号]格式不正确')).toBeNull();
    expect(screen.getByLabelText('姓名')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('姓名')).toHaveAccessibleDescription('[姓名]不能为空');
    fill('姓名', '张');
    expect(screen.queryByText('[姓名]不能为空')).toBeNull();
    submit();
    expect(screen.getByText('[手机号]格式不正确')).toBeInTheDocument();
    fill('手机号', '13900001111');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: '张', phone: '13900001111' }, { name: '张', phone: '13900001111' });
  });

  it('waits for a schema loaded on demand, and says a problem no field shows rather than losing it', async () => {
    const onSubmit = vi.fn();
    render(<Person onSubmit={onSubmit} rules={() => Promise.resolve(schema)} body={(v) => ({ ...v, rid: 7 })} />);
    fill('姓名', '张');
    fill('手机号', '13900001111');
    submit();
    expect(await screen.findByText('[编号]不能为空')).toBeInTheDocument();
    expect(screen.getByLabelText('姓名')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(screen.getByRole('button', { name: '提交' })).not.toHaveAttribute('aria-busy'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
