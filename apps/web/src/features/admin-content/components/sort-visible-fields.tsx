import { Form, InputNumber, Switch } from 'antd';

/** The last row of a home-page block's dialog: its place in the order and whether the home page shows it. */
export function SortVisibleFields() {
  return (
    <div className="content-form-row">
      <Form.Item label="排序" name="sort" extra="数字小的在前；留空排在最后" style={{ minWidth: 200 }}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} placeholder="自动" />
      </Form.Item>
      <Form.Item label="在首页显示" name="visible" valuePropName="checked">
        <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
      </Form.Item>
    </div>
  );
}

/** A block's sort and switch as its add/edit call reads them: no sort = at the end, the switch as '1' / '0'. */
export const sortVisibleBody = <V extends { sort: number | null; visible: boolean }>(values: V) => ({ ...values, sort: values.sort ?? undefined, visible: values.visible ? '1' : '0' });
