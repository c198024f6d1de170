import { useState } from 'react';
import { Button, Empty, Form, Input, Select, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CATALOG_CHOICES_MAX, CATALOG_OPTIONS_MAX, formatFen } from '@lab/contract';
import { basePriceFen, newChoice, newOption, priceRange, unitPriceFen, type OptionDraft } from './option-drafts';
import './admin-catalog.css';

/** a choice taken by the booked day instead of the member (预约机时: 工作日 rate, 周末 surcharge) */
const slotPricing = [
  { value: 'weekday', label: '工作日自动选' },
  { value: 'weekend', label: '周末自动选' },
];

interface OptionsEditorProps {
  /** the item's price as typed (yuan), for the live price */
  basePrice?: string | undefined;
  unit?: string | undefined;
}

/**
 * 测试选项: options a member picks one choice of when ordering (扫描速度: 常规 / 慢扫 +¥40),
 * each choice adding its surcharge to the unit price; below, the price range and a live
 * example priced exactly as the order will be. Fields of the item's form (`options`, a list of
 * lists): the form's check puts a problem under the option or choice it is about.
 */
export function OptionsEditor({ basePrice, unit }: OptionsEditorProps) {
  const form = Form.useFormInstance<{ options: OptionDraft[] }>();
  // the whole drafts (their keys and ids too, which are no field of the form)
  const drafts = (Form.useWatch('options', { form, preserve: true }) ?? []) as OptionDraft[];

  return (
    <div className="cat-options">
      <Form.List name="options">
        {(options, { add, remove, move }, { errors }) => (
          <>
            {options.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有测试选项：按统一价格下单。需要按模式、温度等加价时添加选项。" />}
            {options.map((option, index) => {
              const n = index + 1;
              return (
                <div className="cat-option" key={option.key} data-testid={`option-${n}`}>
                  <div className="cat-option-head">
                    <Form.Item name={[option.name, 'name']} className="cat-option-name">
                      <Input aria-label={`选项${n}名称`} placeholder="选项名称，例如 扫描速度" maxLength={30} />
                    </Form.Item>
                    <Tooltip title="上移">
                      <Button aria-label={`上移选项${n}`} icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} />
                    </Tooltip>
                    <Tooltip title="下移">
                      <Button aria-label={`下移选项${n}`} icon={<ArrowDownOutlined />} disabled={index === options.length - 1} onClick={() => move(index, index + 1)} />
                    </Tooltip>
                    <Button danger aria-label={`删除选项${n}`} icon={<DeleteOutlined />} onClick={() => remove(option.name)}>
                      删除选项
                    </Button>
                  </div>
                  <Form.List name={[option.name, 'choices']}>
                    {(choices, choiceOps, choiceMeta) => (
                      <div className="cat-choices">
                        {choices.map((choice, c) => (
                          <div className="cat-choice" key={choice.key}>
                            <Form.Item name={[choice.name, 'label']} className="cat-choice-field">
                              <Input aria-label={`选项${n}的选项值${c + 1}`} placeholder="选项值，例如 常规 10°/min" maxLength={50} />
                            </Form.Item>
                            <Form.Item name={[choice.name, 'price']} className="cat-choice-field">
                              <Input aria-label={`选项${n}的选项值${c + 1}加价`} prefix="+¥" placeholder="0" inputMode="decimal" />
                            </Form.Item>
                            <Form.Item name={[choice.name, 'slot']} className="cat-choice-field">
                              <Select aria-label={`选项${n}的选项值${c + 1}按日期计价`} allowClear placeholder="会员选择" options={slotPricing} />
                            </Form.Item>
                            <Button type="text" aria-label={`删除选项${n}的选项值${c + 1}`} icon={<DeleteOutlined />} disabled={choices.length <= 1} onClick={() => choiceOps.remove(choice.name)} />
                          </div>
                        ))}
                        <Form.ErrorList errors={choiceMeta.errors} />
                        <Button type="dashed" size="small" icon={<PlusOutlined />} disabled={choices.length >= CATALOG_CHOICES_MAX} onClick={() => choiceOps.add(newChoice())}>
                          添加选项值
                        </Button>
                      </div>
                    )}
                  </Form.List>
                </div>
              );
            })}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" block icon={<PlusOutlined />} disabled={options.length >= CATALOG_OPTIONS_MAX} onClick={() => add(newOption())}>
              添加测试选项
            </Button>
          </>
        )}
      </Form.List>
      <PricePreview drafts={drafts} basePrice={basePrice} unit={unit} />
    </div>
  );
}

/** The price a member will see: the range, and one choice per option picked here to try it out. */
function PricePreview({ drafts, basePrice, unit }: { drafts: OptionDraft[]; basePrice?: string | undefined; unit?: string | undefined }) {
  const [picks, setPicks] = useState<Record<string, string>>({});
  const base = basePriceFen(basePrice);
  const per = unit ? ` / ${unit}` : '';
  if (base === null) return <div className="cat-price-preview admin-muted">填写价格后，这里显示下单时的单价。</div>;
  const range = priceRange(base, drafts);
  const priced = drafts.filter((o) => o.choices.length > 0);
  return (
    <div className="cat-price-preview" data-testid="price-preview">
      <div>
        单价范围：
        <strong data-testid="price-range">{range.minFen === range.maxFen ? `${formatFen(range.minFen)}${per}` : `${formatFen(range.minFen)} – ${formatFen(range.maxFen)}${per}`}</strong>
      </div>
      {priced.length > 0 && (
        <div className="cat-price-example">
          <span>试算：</span>
          {priced.map((option, index) => (
            <Select
              key={option.key}
              size="small"
              className="cat-price-pick"
              aria-label={`试算${option.name || `选项${index + 1}`}`}
              popupMatchSelectWidth={false}
              value={option.choices.some((c) => c.key === picks[option.key]) ? picks[option.key] : option.choices[0]?.key}
              options={option.choices.map((c) => ({ value: c.key, label: `${option.name || `选项${index + 1}`}：${c.label || '（未填写）'}` }))}
              onChange={(key: string) => setPicks((current) => ({ ...current, [option.key]: key }))}
            />
          ))}
          <span>
            → 单价 <strong data-testid="example-price">{formatFen(unitPriceFen(base, drafts, picks))}</strong>
            {per}
          </span>
        </div>
      )}
    </div>
  );
}
