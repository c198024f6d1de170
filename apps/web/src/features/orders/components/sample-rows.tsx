import { Button, Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SAMPLE_COUNT_MAX, SAMPLE_FORMS, sampleFormLabels, type SampleForm } from '@lab/contract';

export interface SampleDraft {
  key: string;
  name: string;
  count: number;
  form: SampleForm | undefined;
  hazards: string;
  magnetic: boolean;
  returnWanted: boolean;
}

let seq = 0;
export const newSample = (count = 1): SampleDraft => ({ key: `s${++seq}`, name: '', count, form: undefined, hazards: '', magnetic: false, returnWanted: false });

const formOptions = SAMPLE_FORMS.map((f) => ({ value: f, label: sampleFormLabels[f] }));

/** The count a cleared number field falls back to. */
const atLeastOne = (value: unknown) => (typeof value === 'number' ? value : 1);

/**
 * The samples of one order line (fields `lines.<index>.samples` of the order form): name, count,
 * form, hazards, magnetic, return wanted; at least one. A problem shows under its field, one
 * about the list under the list.
 */
export function SampleRows({ index, lineName }: { index: number; lineName: string }) {
  return (
    <Form.List name={['lines', index, 'samples']}>
      {(samples, { add, remove }, { errors }) => (
        <div className="order-samples">
          {samples.map((sample, n) => {
            const label = `${lineName} 样品${n + 1}`;
            return (
              <fieldset key={sample.key} className="order-sample" aria-label={label}>
                <legend>样品 {n + 1}</legend>
                <Form.Item label="样品名称" name={[sample.name, 'name']} className="order-field order-field-name">
                  <Input maxLength={60} placeholder="如 TiO2 粉末" aria-label={`${label} 名称`} />
                </Form.Item>
                <Form.Item label="数量" name={[sample.name, 'count']} normalize={atLeastOne} className="order-field order-field-count">
                  <InputNumber min={1} max={SAMPLE_COUNT_MAX} precision={0} aria-label={`${label} 数量`} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item label="样品形态" name={[sample.name, 'form']} className="order-field order-field-form">
                  <Select placeholder="请选择" options={formOptions} aria-label={`${label} 形态`} />
                </Form.Item>
                <Form.Item label="危险性说明" name={[sample.name, 'hazards']} className="order-field order-field-hazards">
                  <Input maxLength={200} placeholder="无危险性可不填，如 易燃、有毒" aria-label={`${label} 危险性说明`} />
                </Form.Item>
                <div className="order-field order-field-flags">
                  <Form.Item name={[sample.name, 'magnetic']} valuePropName="checked" noStyle>
                    <Checkbox>有磁性</Checkbox>
                  </Form.Item>
                  <Form.Item name={[sample.name, 'returnWanted']} valuePropName="checked" noStyle>
                    <Checkbox>需要退样</Checkbox>
                  </Form.Item>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={samples.length <= 1} onClick={() => remove(sample.name)} aria-label={`删除${label}`}>
                    删除
                  </Button>
                </div>
              </fieldset>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newSample())} className="order-sample-add">
            添加样品
          </Button>
        </div>
      )}
    </Form.List>
  );
}
