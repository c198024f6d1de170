import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Button, Form, type FormInstance } from 'antd';
import { serviceItemBody } from '@lab/contract';
import { SchemaForm } from '../../../components/schema-form';
import { OptionsEditor } from './options-editor';
import { optionsJson, toOptionDrafts, type OptionDraft } from './option-drafts';
import { TestStyles } from '../../../testing/render';

type Values = { options: OptionDraft[] };
let form: FormInstance<Values> | undefined;
/** the options as the item form holds them now */
const latest = () => (form?.getFieldValue('options') ?? []) as OptionDraft[];

/** the editor inside the item form's check of its options (as the item page's form holds it) */
function Harness({ initial, price = '60.50' }: { initial: OptionDraft[]; price?: string }) {
  const [own] = Form.useForm<Values>();
  form = own;
  return (
    <AntApp>
      <SchemaForm form={own} name="options-test" schema={serviceItemBody.pick({ options: true })} body={(v) => ({ options: optionsJson(v.options ?? []) })} initialValues={{ options: initial }} onSubmit={() => {}}>
        <OptionsEditor basePrice={price} unit="样品" />
        <Button htmlType="submit">检查选项</Button>
      </SchemaForm>
    </AntApp>
  );
}

/** a button by its text (getByRole is slow on antd's trees) */
const button = (text: string) => screen.getByText(text).closest('button')!;
const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('the options editor', () => {
  it('builds options with choices and surcharges while the price range follows', async () => {
    render(<Harness initial={[]} />, { wrapper: TestStyles });
    expect(screen.getByText(/没有测试选项/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('price-range')).toHaveTextContent('¥60.50 / 样品'));

    fireEvent.click(button('添加测试选项'));
    type('选项1名称', '扫描速度');
    type('选项1的选项值1', '常规 10°/min');
    type('选项1的选项值2', '慢扫 2°/min');
    type('选项1的选项值2加价', '40');
    await waitFor(() => expect(screen.getByTestId('price-range')).toHaveTextContent('¥60.50 – ¥100.50 / 样品'));

    fireEvent.click(button('添加选项值'));
    type('选项1的选项值3', '超慢扫');
    type('选项1的选项值3加价', '1.234');
    // the item form's check on 保存: the contract's message under the choice's price
    fireEvent.click(button('检查选项'));
    expect(await screen.findByText('[加价]最多保留两位小数')).toBeInTheDocument();
    expect(screen.getByLabelText('选项1的选项值3加价')).toHaveAttribute('aria-invalid', 'true');
    type('选项1的选项值3加价', '90');
    await waitFor(() => expect(screen.queryByText('[加价]最多保留两位小数')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('price-range')).toHaveTextContent('¥60.50 – ¥150.50 / 样品'));

    expect(latest()).toHaveLength(1);
    expect(latest()[0]).toMatchObject({ name: '扫描速度', choices: [{ label: '常规 10°/min', price: '' }, { label: '慢扫 2°/min', price: '40' }, { label: '超慢扫', price: '90' }] });
  });

  it('tries a combination of choices out: the example unit price is what the order will charge', async () => {
    const saved = toOptionDrafts([
      { id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规', priceFen: 0 }, { id: 2, label: '慢扫', priceFen: 4000 }] },
      { id: 2, name: '测试温度', choices: [{ id: 1, label: '室温', priceFen: 0 }, { id: 2, label: '变温', priceFen: 30_050 }] },
    ]);
    render(<Harness initial={saved} />, { wrapper: TestStyles });
    const example = await screen.findByTestId('example-price');
    expect(example).toHaveTextContent('¥60.50');

    await userEvent.click(screen.getByLabelText('试算测试温度'));
    await userEvent.click(await screen.findByTitle('测试温度：变温'));
    await waitFor(() => expect(example).toHaveTextContent('¥361.00'));

    // the dearer choice goes: the example falls back to the first choice
    const second = screen.getByTestId('option-2');
    fireEvent.click(within(second).getByLabelText('删除选项2的选项值2'));
    await waitFor(() => expect(screen.getByTestId('example-price')).toHaveTextContent('¥60.50'));
    await waitFor(() => expect(screen.getByTestId('price-range')).toHaveTextContent('¥60.50 – ¥100.50 / 样品'));
  });

  it('keeps the ids of saved options through reordering and removal, and never leaves an option without a choice', () => {
    const saved = toOptionDrafts([
      { id: 1, name: '扫描速度', choices: [{ id: 1, label: '常规', priceFen: 0 }] },
      { id: 2, name: '测试温度', choices: [{ id: 1, label: '室温', priceFen: 0 }] },
    ]);
    render(<Harness initial={saved} />, { wrapper: TestStyles });
    expect(screen.getByLabelText('删除选项1的选项值1')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('下移选项1'));
    expect(latest().map((o) => [o.id, o.name])).toEqual([
      [2, '测试温度'],
      [1, '扫描速度'],
    ]);
    fireEvent.click(screen.getByLabelText('删除选项1'));
    expect(latest().map((o) => o.id)).toEqual([1]);
  });

  it('asks for the price before it can show one', () => {
    render(<Harness initial={[]} price="" />, { wrapper: TestStyles });
    expect(screen.getByText('填写价格后，这里显示下单时的单价。')).toBeInTheDocument();
  });
});
