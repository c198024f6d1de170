import { Button, Checkbox, Input, InputNumber, Select } from 'antd';
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

interface Props {
  /** the line's id: field error keys are lines.<index>.samples.<n>.<field> */
  index: number;
  lineName: string;
  samples: SampleDraft[];
  errorKey: string | null;
  errorText: string | null;
  onChange: (samples: SampleDraft[]) => void;
}

/** The samples of one order line: name, count, form, hazards, magnetic, return wanted; at least one. */
export function SampleRows({ index, lineName, samples, errorKey, errorText, onChange }: Props) {
  const update = (key: string, patch: Partial<SampleDraft>) => onChange(samples.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const errorOf = (n: number, field: string) => (errorKey === `lines.${index}.samples.${n}.${field}` ? errorText : null);

  return (
    <div className="order-samples">
      {samples.map((s, n) => {
        const nameError = errorOf(n, 'name');
        const countError = errorOf(n, 'count');
        const formError = errorOf(n, 'form');
        const hazardError = errorOf(n, 'hazards');
        const label = `${lineName} 样品${n + 1}`;
        return (
          <fieldset key={s.key} className="order-sample" aria-label={label} data-error={nameError || countError || formError || hazardError ? 'true' : undefined}>
            <legend>样品 {n + 1}</legend>
            <label className="order-field order-field-name">
              <span>样品名称</span>
              <Input value={s.name} maxLength={60} placeholder="如 TiO2 粉末" status={nameError ? 'error' : undefined} aria-label={`${label} 名称`} onChange={(e) => update(s.key, { name: e.target.value })} />
              {nameError ? <em role="alert">{nameError}</em> : null}
            </label>
            <label className="order-field order-field-count">
              <span>数量</span>
              <InputNumber
                min={1}
                max={SAMPLE_COUNT_MAX}
                precision={0}
                value={s.count}
                status={countError ? 'error' : undefined}
                aria-label={`${label} 数量`}
                onChange={(v) => update(s.key, { count: typeof v === 'number' ? v : 1 })}
                style={{ width: '100%' }}
              />
              {countError ? <em role="alert">{countError}</em> : null}
            </label>
            <div className="order-field order-field-form">
              <span>样品形态</span>
              <Select
                value={s.form}
                placeholder="请选择"
                options={formOptions}
                status={formError ? 'error' : undefined}
                aria-label={`${label} 形态`}
                onChange={(v: SampleForm) => update(s.key, { form: v })}
              />
              {formError ? <em role="alert">{formError}</em> : null}
            </div>
            <label className="order-field order-field-hazards">
              <span>危险性说明</span>
              <Input value={s.hazards} maxLength={200} placeholder="无危险性可不填，如 易燃、有毒" status={hazardError ? 'error' : undefined} aria-label={`${label} 危险性说明`} onChange={(e) => update(s.key, { hazards: e.target.value })} />
              {hazardError ? <em role="alert">{hazardError}</em> : null}
            </label>
            <div className="order-field order-field-flags">
              <Checkbox checked={s.magnetic} onChange={(e) => update(s.key, { magnetic: e.target.checked })}>
                有磁性
              </Checkbox>
              <Checkbox checked={s.returnWanted} onChange={(e) => update(s.key, { returnWanted: e.target.checked })}>
                需要退样
              </Checkbox>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} disabled={samples.length <= 1} onClick={() => onChange(samples.filter((x) => x.key !== s.key))} aria-label={`删除${label}`}>
                删除
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...samples, newSample()])} className="order-sample-add">
        添加样品
      </Button>
    </div>
  );
}
